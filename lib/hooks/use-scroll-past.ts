"use client";

import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
}

/** True once the page has been scrolled more than `threshold` pixels (always false when disabled). */
export function useScrollPast(threshold: number, enabled = true): boolean {
  const past = useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
  return enabled && past;
}
