import "server-only";

/** The cache tag of the search results pages' own inputs: the operator's synonyms. */
export const SEARCH_RESULTS_TAG = "search-results";
