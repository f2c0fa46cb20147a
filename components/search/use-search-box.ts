"use client";

import { useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { useRouter } from "next/navigation";
import { useAtomValue } from "jotai";
import { referralCodeAtom } from "@/lib/state/atoms";
import { withReferral } from "@/lib/visitor/referral";

export interface SearchBoxOptions {
  query: string;
  onQueryChange: (query: string) => void;
  autoFocus: boolean;
  /** Opens the results page for `query` (Enter with no option chosen, as the form does). */
  onSearch: (query: string) => void;
}

/** What the combobox drew last: whether its list is open, and which option is active. */
export interface ComboboxState {
  open: boolean;
  activeIndex: number | null;
}

export interface SearchBoxHandlers {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Called as the combobox draws, for the key handler that runs before its own. */
  remember: (state: ComboboxState) => void;
  /** The combobox's onChange: opens the chosen option's page. */
  choose: (href: string | null) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onMouseDown: () => void;
}

/**
 * The combobox's keys and choices: Enter with no option active opens the results page, Escape
 * closes the list and then empties the field, and a choice opens its page (with the referral code).
 */
export function useSearchBox({ query, onQueryChange, autoFocus, onSearch }: SearchBoxOptions): SearchBoxHandlers {
  const router = useRouter();
  const code = useAtomValue(referralCodeAtom);
  const inputRef = useRef<HTMLInputElement>(null);
  // What the combobox last drew, for the key handler that runs before its own.
  const stateRef = useRef<ComboboxState>({ open: false, activeIndex: null });
  // Headless UI chooses the active option on Tab; moving on with Tab should not leave the page.
  const lastKeyRef = useRef<string | null>(null);

  useEffect(() => {
    // The plain field's caret was at the end of what was typed; the new input keeps it there.
    const input = inputRef.current;
    if (autoFocus && input) input.setSelectionRange(input.value.length, input.value.length);
  }, [autoFocus]);

  function remember(state: ComboboxState) {
    stateRef.current = state;
  }

  function choose(href: string | null) {
    if (href === null) return;
    if (lastKeyRef.current === "Tab") return;
    router.push(withReferral(href, code));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    lastKeyRef.current = event.key;
    const { open, activeIndex } = stateRef.current;
    if (event.key === "Enter" && open && activeIndex === null) {
      // The combobox closes its list and keeps the form from sending; the results page opens here.
      onSearch(query);
    } else if (event.key === "Escape") {
      // A menu around the field (the phone menu) closes on Escape only once the field is empty. Its
      // listener is on the document, where React's own are: only stopImmediatePropagation stops it.
      if (open) event.nativeEvent.stopImmediatePropagation();
      else if (query !== "") {
        event.preventDefault();
        event.nativeEvent.stopImmediatePropagation();
        onQueryChange("");
      }
    }
  }

  function onMouseDown() {
    lastKeyRef.current = null;
  }

  return { inputRef, remember, choose, onKeyDown, onMouseDown };
}
