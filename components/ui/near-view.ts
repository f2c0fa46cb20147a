import type { CSSProperties } from "react";

/**
 * A block's real height in px at the phone layout (a 390 px wide screen) and at the desktop one
 * (1280 px; from 1264 px up the page column is at its widest and heights stop changing). Measured
 * in the browser, not guessed: e2e/page-height.spec.ts fails when they drift more than 1 % of a page.
 */
export interface LayoutEstimate {
  phone: number;
  desk: number;
}

/**
 * The class and style that let the browser skip a block's layout until it comes near the viewport
 * (app/globals.css, render-near-view), standing in the given height until then. Without an
 * estimate the block is laid out with the page: a wrong stand-in height makes the page grow or
 * shrink under a reader's scroll, which is worse than the few milliseconds saved.
 */
export function nearView(estimate: LayoutEstimate | undefined): { className: string; style?: CSSProperties } {
  if (!estimate) return { className: "" };
  const style: Record<`--${string}`, string> = {
    "--near-view-phone": `${estimate.phone}px`,
    "--near-view-desk": `${estimate.desk}px`,
  };
  return { className: "render-near-view", style };
}
