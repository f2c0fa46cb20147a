// Site search: the predictive call (GET /api/v1/c/search/suggest), the /search page, and the
// operator's query log and synonyms. docs/api.md "Search".

export { type SearchOutcome, type SearchViewer, type GroupPage } from "./engine";
export { countSearchPageViews, operatorSearchReport, QUERY_LOG_DAYS, type QueryCount } from "./query-log";
export { operatorAddSynonym, operatorListSynonyms, operatorRemoveSynonym, type Synonym } from "./synonyms";
export { normaliseQuery, isPrivateQuery } from "./normalise";
export { publicSearchPage, searchPage, searchViewer, suggest, SEARCH_PAGE_PREVIEW } from "./service";
