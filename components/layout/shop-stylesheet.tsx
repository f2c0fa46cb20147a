"use client";

import { css, id } from "@/app/shop.pcss";

/**
 * The shop's stylesheet as a <style> in the head, so a phone's first paint waits for no second
 * round trip (docs/decisions/0048). A client component on purpose: the server renders it with the
 * sheet's text, while the browser's bundle of this module has the id alone (next.config.ts), and
 * React, hydrating, finds the server's <style> by that id instead of drawing it again. From a server
 * component the text would also travel in the page's payload, a second copy of ~10 KB (gzip).
 */
export function ShopStylesheet() {
  return (
    <style href={id} precedence="default">
      {css}
    </style>
  );
}
