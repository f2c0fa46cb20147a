"use client";

import { Suspense, lazy, startTransition, useState, type ReactNode } from "react";
import type { ComboboxVariant } from "./search-field-styles";

// Everything the combobox needs (Headless UI, zod, the API client, the router) loads when the field
// is first focused: the field is in every page's top bar, and none of it belongs in a first load.
// This part is all that is (a few hundred bytes, in the top bar's module): the plain form it holds
// is drawn by the server.
const SearchBox = lazy(() => import("./search-box").then((module) => ({ default: module.SearchBox })));

/**
 * The site search field (`children`: the server's plain GET form, which works without JavaScript).
 * Its first focus loads the combobox, which then takes its place with what was typed and the focus.
 */
export function SearchSlot({ variant, children }: { variant: ComboboxVariant; children: ReactNode }) {
  const [active, setActive] = useState(false);
  // In a transition, React keeps the plain field on screen (focused, still taking keys) while the
  // code loads, rather than a Suspense fallback that would take the focus away.
  const activate = () => startTransition(() => setActive(true));
  return (
    // A field focused before the page hydrated missed its focus event: a tap or a key then does it.
    <div onFocus={activate} onPointerDown={activate} onInput={activate}>
      <Suspense fallback={children}>{active ? <SearchBox variant={variant} /> : children}</Suspense>
    </div>
  );
}
