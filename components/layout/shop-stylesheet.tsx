"use client";

import { css, id } from "@/app/shop.pcss";
import { ROUTES } from "@/lib/config/routes";

/**
 * The shop's stylesheet as a <style> in the head, so a phone's first paint waits for no second
 * round trip (docs/decisions/0048). A client component on purpose: the server renders it with the
 * sheet's text, while the browser's bundle of this module has the id alone (next.config.ts), and
 * React, hydrating, finds the server's <style> by that id instead of drawing it again. From a server
 * component the text would also travel in the page's payload, a second copy of ~10 KB (gzip).
 */
export function ShopStylesheet() {
  // A 404 found out inside its page (an old link to an order) is answered with Next's error shell,
  // which the browser renders alone: no server <style> to find then, and this copy has no text, so
  // the sheet comes as a file. React holds the page back until it has loaded, as for any such link.
  if (css === "" && typeof document !== "undefined" && !document.querySelector(`style[data-href="${id}"]`)) {
    return <link rel="stylesheet" href={`${ROUTES.stylesheetFile}?v=${id}`} precedence="default" />;
  }
  return (
    <style href={id} precedence="default">
      {css}
    </style>
  );
}
