import "server-only";
import { css, id } from "@/app/shop.pcss";
import { STYLESHEET_SUBSET_ATTRIBUTE } from "@/lib/config/stylesheet";
import { classesInHtml, stylesheetSubset } from "@/lib/site/stylesheet-subset";

// A page served from Next's cache carries, in its head, only the part of the shop's stylesheet its
// HTML uses (the utilities of its classes; the base, theme and fonts whole): about half the sheet,
// so each answer is ~20 KB smaller and a phone styles the page with half the rules. The browser loads
// the whole sheet once the page has started, for what its scripts draw later (docs/decisions/0051).
// Cut once per render, when the page is put into the cache; never per request.
// cache-handler.mjs, which Next loads outside the bundle, finds this function on globalThis.

/** Where cache-handler.mjs finds withStylesheetSubset; the handler names the same key (cache-handler.test.ts). */
export const CACHED_PAGE_STYLESHEET_HOOK = Symbol.for("lenwell.page.cached-page-stylesheet");

// ShopStylesheet's element as React writes it: the text is the build's sheet, unescaped (a <style>'s
// text is raw; the sheet has no `</style`).
const OPENING_TAG = `<style data-precedence="default" data-href="${id}">`;

/** The page's HTML with its stylesheet cut to what the HTML uses and marked so; any other page unchanged. */
export function withStylesheetSubset(html: string): string {
  const start = html.indexOf(OPENING_TAG + css + "</style>");
  if (start === -1) return html;
  const subset = stylesheetSubset(css, classesInHtml(html));
  const marked = `<style data-precedence="default" data-href="${id}" ${STYLESHEET_SUBSET_ATTRIBUTE}="">${subset}</style>`;
  return html.slice(0, start) + marked + html.slice(start + OPENING_TAG.length + css.length + "</style>".length);
}

/** Hands withStylesheetSubset to cache-handler.mjs. Call once per process, from instrumentation.ts, before any page is served. */
export function provideCachedPageStylesheet(): void {
  (globalThis as Record<symbol, unknown>)[CACHED_PAGE_STYLESHEET_HOOK] = withStylesheetSubset;
}
