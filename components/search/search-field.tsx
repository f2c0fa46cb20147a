"use client";

import { Suspense, lazy, startTransition, useId, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useAtomValue } from "jotai";
import { SearchIcon } from "@/components/ui/icons";
import { ROUTES, searchPath } from "@/lib/config/routes";
import { referralCodeAtom } from "@/lib/state/atoms";
import { withReferral } from "@/lib/visitor/referral";
import { fieldStyles, type SearchFieldVariant } from "./search-field-styles";

// The combobox (Headless UI, zod, the API client's search call) loads when the field is first
// focused: the field is in every page's top bar, and none of that belongs in a page's first load.
const SearchCombobox = lazy(() => import("./search-combobox").then((module) => ({ default: module.SearchCombobox })));

/**
 * The site search field: before any JavaScript a plain GET form to /search with its labelled input
 * `q`, so it works without it; once focused, the predictive combobox takes over in place.
 */
export function SearchField({ variant, label = "Search the shop" }: { variant: SearchFieldVariant; label?: string }) {
  const router = useRouter();
  const code = useAtomValue(referralCodeAtom);
  const inputId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(false);
  const [focused, setFocused] = useState(false);
  const styles = fieldStyles[variant];

  function search(text: string) {
    // Too short to search: the field stays as it is rather than opening an empty results page.
    if (text.trim().length === 0) return;
    router.push(withReferral(searchPath(text), code));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search(query);
  }

  // In a transition, React keeps this input on screen (focused, still taking keys) while the
  // combobox's code loads, instead of a Suspense fallback that would take the focus away.
  function onFocus() {
    setFocused(true);
    if (!active) startTransition(() => setActive(true));
  }

  const plainInput = (
    <input
      id={inputId}
      type="search"
      name="q"
      value={query}
      onChange={(event) => setQuery(event.target.value)}
      onFocus={onFocus}
      onBlur={() => setFocused(false)}
      placeholder="Search products and answers"
      autoComplete="off"
      enterKeyHint="search"
      className={styles.input}
    />
  );

  return (
    <form role="search" action={ROUTES.search} method="get" onSubmit={onSubmit} className={styles.form}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-muted" />
        <Suspense fallback={plainInput}>
          {active ? (
            <SearchCombobox
              inputId={inputId}
              variant={variant}
              query={query}
              onQueryChange={setQuery}
              autoFocus={focused}
              onSearch={search}
            />
          ) : (
            plainInput
          )}
        </Suspense>
      </div>
    </form>
  );
}
