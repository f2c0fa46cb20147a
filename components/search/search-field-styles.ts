// The search field's looks and names in its three places: the plain form the server draws and the
// combobox form that takes its place share them, so nothing moves when it does. The results
// panel's are in search-box.tsx, loaded with it.

export type SearchFieldVariant = "bar" | "menu" | "page";
/** Where the combobox takes over: the 404 page's field stays a plain form (app/not-found.tsx). */
export type ComboboxVariant = Exclude<SearchFieldVariant, "page">;

export const SEARCH_LABEL = "Search the shop";
export const SEARCH_PLACEHOLDER = "Search products and answers";

/** One id per place: the top bar's field and the phone menu's are on every page together. */
export const SEARCH_INPUT_ID: Record<SearchFieldVariant, string> = {
  bar: "site-search",
  menu: "site-search-menu",
  page: "site-search-page",
};

export const SEARCH_FORM_CLASS: Record<SearchFieldVariant, string> = {
  // The desktop bar: narrow beside the menus, wider on a wide screen.
  bar: "relative w-44 lg:w-60",
  menu: "w-full",
  page: "relative mx-auto w-full max-w-md text-left",
};

export const SEARCH_INPUT_CLASS =
  "h-11 w-full rounded-full border border-line bg-canvas pl-10 pr-4 text-[15px] text-ink placeholder:text-ink-muted hover:border-brand-300 focus:border-brand-500 focus:bg-white [&::-webkit-search-cancel-button]:appearance-none";
