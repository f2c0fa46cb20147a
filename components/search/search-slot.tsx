"use client";

import { lazy, startTransition, useState } from "react";
import type { ComboboxVariant } from "./search-field-styles";
import { PlainSearchForm } from "./search-form";

// Everything the combobox needs (Headless UI, zod, the API client, the router) loads when the field
// is first focused: the field is in every page's top bar, and none of it belongs in a first load.
// This part and the plain form it starts with are all that is (a few hundred bytes, in the top
// bar's module). The plain form is drawn here rather than handed in by the server layout: a server
// element inside a client component's Suspense boundary made the server stream that boundary late,
// and the script that put it in place relaid the whole page out just before the first paint.
const SearchBox = lazy(() => import("./search-box").then((module) => ({ default: module.SearchBox })));

/**
 * The site search field: a plain GET form, which works without JavaScript, until its first focus
 * loads the combobox, which then takes its place with what was typed and the focus.
 */
export function SearchSlot({ variant }: { variant: ComboboxVariant }) {
  const plain = <PlainSearchForm variant={variant} />;
  const [active, setActive] = useState(false);
  // In a transition, React keeps the plain field on screen (focused, still taking keys) while the
  // code loads, rather than a Suspense fallback that would take the focus away.
  const activate = () => startTransition(() => setActive(true));
  return (
    // A field focused before the page hydrated missed its focus event: a tap or a key then does it.
    <div onFocus={activate} onPointerDown={activate} onInput={activate}>
      {active ? <SearchBox variant={variant} /> : plain}
    </div>
  );
}
