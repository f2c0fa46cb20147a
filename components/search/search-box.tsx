"use client";

import { useState, type FormEvent, type RefObject } from "react";
import { Combobox, ComboboxInput, ComboboxOptions } from "@headlessui/react";
import { useRouter } from "next/navigation";
import { useAtomValue } from "jotai";
import { searchPath } from "@/lib/config/routes";
import { referralCodeAtom } from "@/lib/state/atoms";
import { withReferral } from "@/lib/visitor/referral";
import { SEARCH_QUERY_MAX } from "@/lib/schemas/search";
import { SEARCH_INPUT_CLASS, SEARCH_INPUT_ID, SEARCH_PLACEHOLDER, type ComboboxVariant } from "./search-field-styles";
import { SearchForm } from "./search-form";
import { AnswerOption, Group, Option, OrderOption, ProductOption, PurifierOption } from "./search-options";
import { useSearchBox, type SearchBoxOptions } from "./use-search-box";
import { SEARCH_UNAVAILABLE_MESSAGE, isSearchable, useSuggestions } from "./use-suggestions";

const panelBase = "z-50 overflow-y-auto rounded-xl border border-line bg-white p-2 text-left shadow-card";
/** The results under the field: dropped over the page in the bar, in the phone menu's own flow. */
const PANEL_CLASS: Record<ComboboxVariant, string> = {
  bar: `${panelBase} absolute right-0 top-full mt-2 max-h-[70vh] w-[28rem] max-w-[calc(100vw-2rem)]`,
  menu: `${panelBase} mt-2`,
};

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

interface SearchComboboxProps extends SearchBoxOptions {
  variant: ComboboxVariant;
}

/**
 * The predictive search (the WAI-ARIA combobox pattern, by Headless UI): results as the visitor
 * types, grouped, each a link. The list opens on "See all results" (/search), so Enter alone opens
 * the results page and the first arrow down reaches the first result.
 */
function SearchCombobox({ variant, query, onQueryChange, autoFocus, onSearch }: SearchComboboxProps) {
  const { inputRef, remember, choose, onKeyDown, onMouseDown } = useSearchBox({ query, onQueryChange, autoFocus, onSearch });
  const suggestions = useSuggestions(query);
  const term = query.trim();
  const result = suggestions.result;
  const allHref = searchPath(query);

  return (
    <Combobox<string | null> value={null} onChange={choose} immediate>
      {({ open, activeIndex }) => {
        remember({ open, activeIndex });
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
              onMouseDown={onMouseDown}
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
