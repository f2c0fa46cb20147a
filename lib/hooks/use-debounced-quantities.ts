"use client";

import { useCallback, useEffect, useRef, useState } from "react";

interface Pending {
  quantity: number;
  timer: ReturnType<typeof setTimeout>;
}

export interface DebouncedQuantities {
  /** What the stepper shows: the customer's latest choice, or the server's quantity when none is pending. */
  quantityOf: (sku: string, serverQuantity: number) => number;
  /** Shows `quantity` at once and sends it once the line has been still for the delay. */
  change: (sku: string, quantity: number) => void;
  /** Drops a waiting change without sending it (the line is being deleted). */
  cancel: (sku: string) => void;
  /** Sends every waiting change now and resolves when all of them have settled (before checkout). */
  flush: () => Promise<void>;
  /** Whether any change is waiting or on its way. */
  busy: boolean;
}

/**
 * Debounced quantity changes, per cart line: a burst of clicks becomes one call with the final
 * quantity. `send` must resolve only once the server's list has been read again (or the call
 * failed and it was read again): only then does the line drop its local value, so the stepper
 * never flashes the old quantity, and after a failure it shows the server's quantity again.
 * Changes still waiting when the component goes away are sent, not lost.
 */
export function useDebouncedQuantities(send: (sku: string, quantity: number) => Promise<void>, delayMs: number): DebouncedQuantities {
  const [overrides, setOverrides] = useState<Readonly<Record<string, number>>>({});
  const pending = useRef(new Map<string, Pending>());
  const inFlight = useRef(new Map<string, Promise<void>>());
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const dropOverride = useCallback((sku: string) => {
    setOverrides((current) => {
      if (!(sku in current)) return current;
      const next = { ...current };
      delete next[sku];
      return next;
    });
  }, []);

  const fire = useCallback(
    (sku: string): Promise<void> => {
      const waiting = pending.current.get(sku);
      if (!waiting) return inFlight.current.get(sku) ?? Promise.resolve();
      clearTimeout(waiting.timer);
      pending.current.delete(sku);
      // Calls for one line go out in order, so an older answer can never overwrite a newer choice.
      const previous = inFlight.current.get(sku) ?? Promise.resolve();
      const call = previous
        .then(() => sendRef.current(sku, waiting.quantity))
        .catch((error: unknown) => {
          // `send` reports its own failures; this only keeps the chain going.
          console.error("Cart quantity update failed:", error);
        })
        .finally(() => {
          if (inFlight.current.get(sku) === call) inFlight.current.delete(sku);
          if (!pending.current.has(sku) && !inFlight.current.has(sku)) dropOverride(sku);
        });
      inFlight.current.set(sku, call);
      return call;
    },
    [dropOverride],
  );

  const change = useCallback(
    (sku: string, quantity: number) => {
      setOverrides((current) => ({ ...current, [sku]: quantity }));
      const waiting = pending.current.get(sku);
      if (waiting) clearTimeout(waiting.timer);
      pending.current.set(sku, { quantity, timer: setTimeout(() => void fire(sku), delayMs) });
    },
    [delayMs, fire],
  );

  const cancel = useCallback(
    (sku: string) => {
      const waiting = pending.current.get(sku);
      if (waiting) clearTimeout(waiting.timer);
      pending.current.delete(sku);
      if (!inFlight.current.has(sku)) dropOverride(sku);
    },
    [dropOverride],
  );

  const flush = useCallback(async () => {
    const skus = new Set([...pending.current.keys(), ...inFlight.current.keys()]);
    await Promise.all([...skus].map((sku) => fire(sku)));
  }, [fire]);

  useEffect(() => {
    const waiting = pending.current;
    return () => {
      for (const sku of [...waiting.keys()]) void fire(sku);
    };
  }, [fire]);

  const quantityOf = useCallback((sku: string, serverQuantity: number) => overrides[sku] ?? serverQuantity, [overrides]);

  return { quantityOf, change, cancel, flush, busy: Object.keys(overrides).length > 0 };
}
