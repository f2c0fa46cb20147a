"use client";

import { SUGGEST_PER_GROUP, suggestResultSchema, type SuggestResult } from "@/lib/schemas/search";
import { callApi } from "./client";

// Site search from the browser: the predictive search the top bar's combobox asks as the visitor
// types. A public call: orders and purifiers come back only for the signed-in customer.

export async function fetchSuggestions(query: string, signal?: AbortSignal): Promise<SuggestResult> {
  return callApi("get", "search/suggest", suggestResultSchema, {
    searchParams: { q: query, limit: SUGGEST_PER_GROUP.default },
    signal,
  });
}
