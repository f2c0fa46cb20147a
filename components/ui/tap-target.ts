/**
 * A link or button standing on its own (not inside a sentence) gets a box at least 44 × 44 px, so a
 * finger hits it (WCAG 2.5.5; e2e/support/tap-targets.ts measures every page), however short its text.
 */
export const TAP_TARGET = "inline-flex min-h-11 min-w-11 items-center";
