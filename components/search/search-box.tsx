"use client";

import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useRouter } from "next/navigation";
import { useAtomValue } from "jotai";
import { Image } from "@/components/ui/image";
import { searchPath } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { referralCodeAtom } from "@/lib/state/atoms";
import { withReferral } from "@/lib/visitor/referral";
import type { AnswerHit, OrderHit, ProductHit, PurifierHit } from "@/lib/schemas/search";
import { SEARCH_QUERY_MAX } from "@/lib/schemas/search";
import { SEARCH_INPUT_CLASS, SEARCH_INPUT_ID, SEARCH_PLACEHOLDER, type ComboboxVariant } from "./search-field-styles";
import { SearchForm } from "./search-form";
import { SnippetText } from "./snippet-text";
import { SEARCH_UNAVAILABLE_MESSAGE, isSearchable, useSuggestions } from "./use-suggestions";

const panelBase = "z-50 overflow-y-auto rounded-xl border border-line bg-white p-2 text-left shadow-card";
/** The results under the field: dropped over the page in the bar, in the phone menu's own flow. */
const PANEL_CLASS: Record<ComboboxVariant, string> = {
  bar: `${panelBase} absolute right-0 top-full mt-2 max-h-[70vh] w-[28rem] max-w-[calc(100vw-2rem)]`,
  menu: `${panelBase} mt-2`,
};

const optionClass =
  "flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-[15px] text-ink no-underline data-[focus]:bg-brand-50 data-[focus]:outline data-[focus]:outline-2 data-[focus]:-outline-offset-2 data-[focus]:outline-brand-500";
const groupLabelClass = "px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-ink-muted first:pt-1";

function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <div id={id} className={groupLabelClass}>
        {label}
      </div>
      {children}
    </div>
  );
}

/**
 * One result: a real link (a middle click or a long press opens it in a new tab), chosen with the
 * keyboard or a plain click through the combobox, which navigates in the page.
 */
function Option({ href, children }: { href: string; children: ReactNode }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // The combobox has already chosen it (on mouse down); a new tab or window is the browser's.
    if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) event.preventDefault();
  }
  function onMouseDown(event: MouseEvent<HTMLAnchorElement>) {
    // Handled before the combobox's own: a modified click is not a choice in this page.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) event.preventDefault();
  }
  return (
    <ComboboxOption as="a" value={href} href={href} onClick={onClick} onMouseDown={onMouseDown} className={optionClass}>
      {children}
    </ComboboxOption>
  );
}

function ProductOption({ hit }: { hit: ProductHit }) {
  return (
    <Option href={hit.href}>
      {hit.picture ? (
        // The name beside it says what it is.
        <Image src={hit.picture} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-md bg-canvas object-contain" />
      ) : (
        <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-md bg-canvas" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{hit.name}</span>
        <span className="flex flex-wrap gap-x-2 text-sm text-ink-soft">
          <span>{formatAmount(hit.price)}</span>
          {hit.memberPrice ? <span className="font-medium text-brand-700">Member {formatAmount(hit.memberPrice)}</span> : null}
          <span className={hit.inStock ? "text-leaf-700" : "text-ink-muted"}>{hit.inStock ? "In stock" : "Out of stock"}</span>
        </span>
      </span>
    </Option>
  );
}

function AnswerOption({ hit }: { hit: AnswerHit }) {
  return (
    <Option href={hit.href}>
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-semibold text-brand-700">{hit.page}</span>
        <span className="block font-medium">
          <SnippetText snippet={hit.titleSnippet} />
        </span>
        <span className="line-clamp-2 text-sm text-ink-soft">
          <SnippetText snippet={hit.snippet} />
        </span>
      </span>
    </Option>
  );
}

function OrderOption({ hit }: { hit: OrderHit }) {
  return (
    <Option href={hit.href}>
      <span className="min-w-0 flex-1">
        <span className="font-medium">{hit.shortNumber}</span> <span className="text-ink-soft">{hit.summary}</span>
        <span className="block text-sm text-ink-muted">{hit.status}</span>
      </span>
    </Option>
  );
}

function PurifierOption({ hit }: { hit: PurifierHit }) {
  return (
    <Option href={hit.href}>
      <span className="min-w-0 flex-1">
        <span className="font-medium">{hit.serial}</span> <span className="text-ink-soft">{hit.model}</span>
      </span>
    </Option>
  );
}

interface SearchBoxProps {
  variant: ComboboxVariant;
  /** What the visitor has typed, kept by the slot across the plain field and the combobox. */
  query: string;
  onQueryChange: (query: string) => void;
  /** The plain field the combobox replaces. */
  plainField: RefObject<HTMLInputElement | null>;
}

/** The search form once JavaScript runs: the combobox, and the results page opened in the app. */
export function SearchBox({ variant, query, onQueryChange, plainField }: SearchBoxProps) {
  const router = useRouter();
  const code = useAtomValue(referralCodeAtom);
  // Whether the visitor is in the plain field, read as the combobox first renders (in the transition
  // that loaded it), while the plain field is still the one on the page.
  const [focused] = useState(() => plainField.current !== null && document.activeElement === plainField.current);

  function search(text: string) {
    // Nothing typed: the field stays as it is rather than opening an empty results page.
    if (text.trim().length === 0) return;
    router.push(withReferral(searchPath(text), code));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search(query);
  }

  return (
    <SearchForm variant={variant} onSubmit={onSubmit}>
      <SearchCombobox variant={variant} query={query} onQueryChange={onQueryChange} autoFocus={focused} onSearch={search} />
    </SearchForm>
  );
}

interface SearchComboboxProps {
  variant: ComboboxVariant;
  query: string;
  onQueryChange: (query: string) => void;
  autoFocus: boolean;
  /** Opens the results page for `query` (Enter with no option chosen, as the form does). */
  onSearch: (query: string) => void;
}

/**
 * The predictive search (the WAI-ARIA combobox pattern, by Headless UI): results as the visitor
 * types, grouped, each a link. The list opens on "See all results" (/search), so Enter alone opens
 * the results page and the first arrow down reaches the first result.
 */
function SearchCombobox({ variant, query, onQueryChange, autoFocus, onSearch }: SearchComboboxProps) {
  const router = useRouter();
  const code = useAtomValue(referralCodeAtom);
  const inputRef = useRef<HTMLInputElement>(null);
  // What the combobox last drew, for the key handler that runs before its own.
  const stateRef = useRef({ open: false, activeIndex: null as number | null });
  // Headless UI chooses the active option on Tab; moving on with Tab should not leave the page.
  const lastKeyRef = useRef<string | null>(null);
  const suggestions = useSuggestions(query);
  const term = query.trim();

  useEffect(() => {
    // The plain field's caret was at the end of what was typed; the new input keeps it there.
    const input = inputRef.current;
    if (autoFocus && input) input.setSelectionRange(input.value.length, input.value.length);
  }, [autoFocus]);

  function choose(href: string | null) {
    if (href === null) return;
    if (lastKeyRef.current === "Tab") return;
    router.push(withReferral(href, code));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    lastKeyRef.current = event.key;
    const { open, activeIndex } = stateRef.current;
    if (event.key === "Enter" && open && activeIndex === null) {
      // The combobox closes its list and keeps the form from sending; the results page opens here.
      onSearch(query);
    } else if (event.key === "Escape") {
      // A menu around the field (the phone menu) closes on Escape only once the field is empty. Its
      // listener is on the document, where React's own are: only stopImmediatePropagation stops it.
      if (open) event.nativeEvent.stopImmediatePropagation();
      else if (query !== "") {
        event.preventDefault();
        event.nativeEvent.stopImmediatePropagation();
        onQueryChange("");
      }
    }
  }

  const result = suggestions.result;
  const allHref = searchPath(query);

  return (
    <Combobox<string | null> value={null} onChange={choose} immediate>
      {({ open, activeIndex }) => {
        stateRef.current = { open, activeIndex };
        const showPanel = open && isSearchable(term);
        return (
          <>
            <ComboboxInput<string | null>
              ref={inputRef}
              id={SEARCH_INPUT_ID[variant]}
              type="search"
              name="q"
              value={query}
              displayValue={() => query}
              onChange={(event) => onQueryChange(event.target.value)}
              onKeyDown={onKeyDown}
              onMouseDown={() => {
                lastKeyRef.current = null;
              }}
              autoFocus={autoFocus}
              maxLength={SEARCH_QUERY_MAX}
              placeholder={SEARCH_PLACEHOLDER}
              autoComplete="off"
              enterKeyHint="search"
              className={SEARCH_INPUT_CLASS}
            />
            <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
              {open ? suggestions.announcement : ""}
            </div>
            {showPanel ? (
              // The results can scroll: the panel is a tab stop of its own, so a keyboard can scroll it
              // too (the arrows in the field move through the options as well).
              <div className={PANEL_CLASS[variant]} tabIndex={0} role="group" aria-label="Search suggestions">
                {suggestions.failed ? (
                  <p className="px-3 py-2 text-sm text-ink-soft">{SEARCH_UNAVAILABLE_MESSAGE}</p>
                ) : suggestions.searching ? (
                  <p className="px-3 py-2 text-sm text-ink-muted">Searching…</p>
                ) : result && suggestions.count === 0 ? (
                  <p className="px-3 py-2 text-sm text-ink-soft">No results for “{result.query}”</p>
                ) : null}
                <ComboboxOptions static modal={false} aria-label="Search results" className="outline-none">
                  {/* First, so it is the option Headless UI makes active as the list opens: Enter
                      without moving opens the results page, and the first arrow down the first result. */}
                  <Option href={allHref}>
                    <span className="font-medium text-brand-700">See all results for “{term}”</span>
                  </Option>
                  {result && !suggestions.failed ? (
                    <>
                      {result.products.length > 0 ? (
                        <Group label="Products">
                          {result.products.map((hit) => (
                            <ProductOption key={hit.href} hit={hit} />
                          ))}
                        </Group>
                      ) : null}
                      {result.answers.length > 0 ? (
                        <Group label="Answers">
                          {result.answers.map((hit) => (
                            <AnswerOption key={hit.href} hit={hit} />
                          ))}
                        </Group>
                      ) : null}
                      {result.orders.length > 0 ? (
                        <Group label="Your orders">
                          {result.orders.map((hit) => (
                            <OrderOption key={hit.href} hit={hit} />
                          ))}
                        </Group>
                      ) : null}
                      {result.purifiers.length > 0 ? (
                        <Group label="Your purifiers">
                          {result.purifiers.map((hit) => (
                            <PurifierOption key={hit.href} hit={hit} />
                          ))}
                        </Group>
                      ) : null}
                      {suggestions.count === 0 && result.suggestions.length > 0 ? (
                        <Group label="Did you mean">
                          {result.suggestions.map((suggestion) => (
                            <Option key={suggestion} href={searchPath(suggestion)}>
                              {suggestion}
                            </Option>
                          ))}
                        </Group>
                      ) : null}
                    </>
                  ) : null}
                </ComboboxOptions>
              </div>
            ) : null}
          </>
        );
      }}
    </Combobox>
  );
}
