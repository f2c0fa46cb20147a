"use client";

import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { isLoadingAtom } from "@/lib/state/atoms";
import { UI } from "@/lib/config/store";

/** Shows `active` only once it has stayed true for `delayMs`; hides as soon as it turns false. */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => setElapsed(true), delayMs);
    return () => {
      window.clearTimeout(timer);
      setElapsed(false);
    };
  }, [active, delayMs]);
  // Hidden in the very render where loading ends, not one effect later.
  return active && elapsed;
}

/** The full-screen spinner, driven by the global loading flag; quick work never flashes it. */
export function LoadingOverlay() {
  const loading = useAtomValue(isLoadingAtom);
  const shown = useDelayedFlag(loading, UI.spinnerDelayMs);
  if (!shown) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      className="fixed inset-0 z-[80] flex items-center justify-center bg-white/60 backdrop-blur-[1px]"
    >
      <span className="h-12 w-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
