import type { ComponentProps, FormEventHandler, ReactNode, Ref } from "react";
import { SearchIcon } from "@/components/ui/icons";
import { ROUTES } from "@/lib/config/routes";
import {
  SEARCH_FORM_CLASS,
  SEARCH_INPUT_CLASS,
  SEARCH_INPUT_ID,
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  type SearchFieldVariant,
} from "./search-field-styles";

// The search form without hooks: the server draws the plain one (it costs a page no JavaScript),
// and the combobox's code draws the same frame around its own input when it takes over.

export interface SearchFormProps {
  variant: SearchFieldVariant;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The field: PlainSearchInput, or the combobox's input. */
  children: ReactNode;
}

/** A GET form to /search with the visitor's words in `q`: what the results page reads, with or without JavaScript. */
export function SearchForm({ variant, onSubmit, children }: SearchFormProps) {
  return (
    <form role="search" action={ROUTES.search} method="get" onSubmit={onSubmit} className={SEARCH_FORM_CLASS[variant]}>
      <label htmlFor={SEARCH_INPUT_ID[variant]} className={variant === "page" ? "mb-2 block text-sm font-semibold text-ink" : "sr-only"}>
        {SEARCH_LABEL}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-muted" />
        {children}
      </div>
    </form>
  );
}

type PlainSearchInputProps = Omit<ComponentProps<"input">, "id" | "type" | "name" | "className" | "placeholder"> & {
  variant: SearchFieldVariant;
};

/** The field before the combobox: a search input named q. */
export function PlainSearchInput({ variant, ...props }: PlainSearchInputProps) {
  return (
    <input
      id={SEARCH_INPUT_ID[variant]}
      type="search"
      name="q"
      placeholder={SEARCH_PLACEHOLDER}
      autoComplete="off"
      enterKeyHint="search"
      className={SEARCH_INPUT_CLASS}
      {...props}
    />
  );
}

/**
 * The plain search form: a GET to /search that works before (or without) the combobox's code. The top
 * bar's slot draws it until the field is first focused; the 404 page keeps it.
 */
export function PlainSearchForm({ variant, inputRef }: { variant: SearchFieldVariant; inputRef?: Ref<HTMLInputElement> }) {
  return (
    <SearchForm variant={variant}>
      <PlainSearchInput variant={variant} ref={inputRef} />
    </SearchForm>
  );
}
