"use client";

import { useTransition } from "react";

/**
 * The "Try again" button of an error page. Asking again takes as long as the page does: the button
 * says so meanwhile, and ignores further presses while keeping the focus (a disabled button would
 * drop it), so its props carry aria-disabled rather than disabled.
 */
export function useRetry(retry: () => void): { label: string; props: { onClick: () => void; "aria-disabled": boolean } } {
  const [retrying, startRetry] = useTransition();
  return {
    label: retrying ? "Trying again…" : "Try again",
    props: {
      onClick: () => {
        if (!retrying) startRetry(retry);
      },
      "aria-disabled": retrying,
    },
  };
}
