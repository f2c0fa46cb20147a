"use client";

import { useEffect, useState } from "react";
import { fetchSuggestions } from "@/lib/api/search";
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, type SuggestResult } from "@/lib/schemas/search";

/** How long the visitor may pause between keys before the field asks: one call per word, not per key. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** A quick answer needs no word of waiting; after this long since the last key, "Searching…" shows. */
export const SEARCHING_DELAY_MS = 300;
/** Whatever went wrong (the server, the network, too many searches): the results page still works. */
export const SEARCH_UNAVAILABLE_MESSAGE = "Search is unavailable right now. Press Enter to see all results.";

/** What the server accepts as a query (lib/schemas/search.ts). */
export function isSearchable(term: string): boolean {
  return term.length >= SEARCH_QUERY_MIN && term.length <= SEARCH_QUERY_MAX;
}

/** The number of results shown (the "See all results" line not counted). */
export function resultCount(result: SuggestResult): number {
  return result.products.length + result.answers.length + result.orders.length + result.purifiers.length;
}

/** What a screen reader hears once the results are in. */
export function countAnnouncement(result: SuggestResult): string {
  const count = resultCount(result);
  if (count > 0) return `${count} ${count === 1 ? "result" : "results"}`;
  const none = `No results for “${result.query}”`;
  return result.suggestions.length > 0 ? `${none}. Did you mean: ${result.suggestions.join(", ")}?` : none;
}

interface Answer {
  term: string;
  result: SuggestResult | null;
}

export interface Suggestions {
  /** The latest answer, kept on screen while the next one is on its way (null: none yet, or failed). */
  result: SuggestResult | null;
  count: number;
  /** The answer for what is typed now has not come after SEARCHING_DELAY_MS. */
  searching: boolean;
  /** The call for what is typed now failed (an error, a timeout, 429). */
  failed: boolean;
  /** The polite live region's text: the count, no results, or search being unavailable. */
  announcement: string;
}

/**
 * The predictive search's answers for what the visitor types: asked SUGGEST_DEBOUNCE_MS after the
 * last key, for 2 characters or more. A newer query cancels the call before it (AbortController),
 * and an answer that still arrives for an older one is dropped, so a slow answer never replaces
 * the results of what is typed now.
 */
export function useSuggestions(query: string): Suggestions {
  const term = query.trim();
  const searchable = isSearchable(term);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [slowTerm, setSlowTerm] = useState<string | null>(null);

  useEffect(() => {
    if (!searchable) return;
    const controller = new AbortController();
    const ask = setTimeout(() => {
      fetchSuggestions(term, controller.signal).then(
        (result) => {
          if (!controller.signal.aborted) setAnswer({ term, result });
        },
        () => {
          if (!controller.signal.aborted) setAnswer({ term, result: null });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    const slow = setTimeout(() => setSlowTerm(term), SEARCHING_DELAY_MS);
    return () => {
      clearTimeout(ask);
      clearTimeout(slow);
      controller.abort();
    };
  }, [term, searchable]);

  const current = searchable && answer?.term === term;
  const failed = current && answer.result === null;
  const result = searchable ? (answer?.result ?? null) : null;
  const count = result ? resultCount(result) : 0;
  let announcement = "";
  if (failed) announcement = SEARCH_UNAVAILABLE_MESSAGE;
  else if (current && answer.result) announcement = countAnnouncement(answer.result);
  return { result, count, searching: searchable && !current && slowTerm === term, failed, announcement };
}
