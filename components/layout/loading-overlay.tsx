"use client";

import { useEffect, useState } from "react";
import { useAtomValue } from "jotai";
import { isLoadingAtom } from "@/lib/state/atoms";
import { UI } from "@/lib/config/store";

/** Shows `active` only once it has stayed true for `delayMs`; hides as soon as it turns false. */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [active, delayMs]);
  return shown;
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
