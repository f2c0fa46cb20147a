/**
 * Marks the shop's inline <style> when it holds only the rules its page's HTML uses (a page served
 * from the cache, lib/server/http/cached-page-stylesheet.ts): the browser then loads the whole sheet
 * once the page has started (components/layout/shop-stylesheet.tsx). docs/decisions/0051.
 */
export const STYLESHEET_SUBSET_ATTRIBUTE = "data-subset";
