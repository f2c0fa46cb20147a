// An answer that replaces or follows what the customer just pressed can land outside the screen (on
// a phone the page stays scrolled where the button was). This brings it into view and moves focus
// to it, so screen readers read it out and keyboard users continue from there.

import { prefersReducedMotion } from "./motion";

export interface RevealOptions {
  /** Where the element should sit: "start" for a result that replaces the form, "center" for a message by a button. */
  block?: ScrollLogicalPosition;
}

/**
 * Scrolls `element` into view and focuses `focusTarget` (the result's heading, made focusable with
 * tabIndex -1), or the element itself. The focus does not scroll again: that would cut a smooth
 * scroll short.
 */
export function revealResult(element: HTMLElement | null, focusTarget: HTMLElement | null = element, options: RevealOptions = {}): void {
  if (!element) return;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: options.block ?? "start" });
  focusTarget?.focus({ preventScroll: true });
}
