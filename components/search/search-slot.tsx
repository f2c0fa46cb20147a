"use client";

import { lazy, startTransition, useRef, useState } from "react";
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
  const plainField = useRef<HTMLInputElement>(null);
  // What the visitor has typed, one state for both fields. React may yield between drawing the
  // combobox and putting it on the page; keys pressed meanwhile reach the plain field, and its
  // events bring them here, so the combobox shows them. (Read from the plain field as the combobox
  // first rendered, they were lost.)
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(false);
  const activate = () => {
    // Until the combobox is on the page (text typed before hydration included).
    if (plainField.current) setQuery(plainField.current.value);
    // In a transition, React keeps the plain field on screen (focused, still taking keys) while the
    // code loads, rather than a Suspense fallback that would take the focus away.
    startTransition(() => setActive(true));
  };
  return (
    // A field focused before the page hydrated missed its focus event: a tap or a key then does it.
    <div onFocus={activate} onPointerDown={activate} onChange={activate}>
      {active ? (
        <SearchBox variant={variant} query={query} onQueryChange={setQuery} plainField={plainField} />
      ) : (
        <PlainSearchForm variant={variant} inputRef={plainField} />
      )}
    </div>
  );
}
