"use client";

import { useEffect, type RefObject } from "react";

/**
 * Closes a popup when the customer presses Escape, clicks outside it, or moves focus out of it.
 * Escape hands focus back to the control that opened it.
 */
export function useDismiss(
  open: boolean,
  containerRef: RefObject<HTMLElement | null>,
  close: (options: { restoreFocus: boolean }) => void,
) {
  useEffect(() => {
    if (!open) return;
    const container = containerRef.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        close({ restoreFocus: true });
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (container && event.target instanceof Node && !container.contains(event.target)) {
        close({ restoreFocus: false });
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (container && next instanceof Node && !container.contains(next)) close({ restoreFocus: false });
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    container?.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      container?.removeEventListener("focusout", onFocusOut);
    };
  }, [open, containerRef, close]);
}
