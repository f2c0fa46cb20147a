"use client";

import { useEffect } from "react";
import { css, id } from "@/app/shop.pcss";
import { ROUTES } from "@/lib/config/routes";
import { STYLESHEET_SUBSET_ATTRIBUTE } from "@/lib/config/stylesheet";

const SHEET_FILE = `${ROUTES.stylesheetFile}?v=${id}`;

/**
 * The shop's stylesheet as a <style> in the head, so a phone's first paint waits for no second
 * round trip (docs/decisions/0048). A client component on purpose: the server renders it with the
 * sheet's text, while the browser's bundle of this module has the id alone (next.config.ts), and
 * React, hydrating, finds the server's <style> by that id instead of drawing it again. From a server
 * component the text would also travel in the page's payload, a second copy of ~10 KB (gzip).
 */
export function ShopStylesheet() {
  useEffect(() => {
    // A page from the cache brings only the rules its HTML uses (docs/decisions/0051). What the
    // scripts draw later (a drawer, a menu, the next page) needs the rest: the whole sheet, in the
    // same order after the part, so nothing already drawn changes. Loaded once the page has started,
    // behind the first paint and the page's own scripts.
    const served = document.querySelector(`style[data-href="${id}"]`);
    if (!served?.hasAttribute(STYLESHEET_SUBSET_ATTRIBUTE) || document.querySelector(`link[href="${SHEET_FILE}"]`)) return;
    const whole = document.createElement("link");
    whole.rel = "stylesheet";
    whole.href = SHEET_FILE;
    served.after(whole);
  }, []);

  // A 404 found out inside its page (an old link to an order) is answered with Next's error shell,
  // which the browser renders alone: no server <style> to find then, and this copy has no text, so
  // the sheet comes as a file. React holds the page back until it has loaded, as for any such link.
  if (css === "" && typeof document !== "undefined" && !document.querySelector(`style[data-href="${id}"]`)) {
    return <link rel="stylesheet" href={SHEET_FILE} precedence="default" />;
  }
  return (
    <style href={id} precedence="default">
      {css}
    </style>
  );
}
