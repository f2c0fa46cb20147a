"use client";

import { UI } from "@/lib/config/store";

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** What the quantity is of, for screen readers ("Quantity of RO600 purifier"). */
  label: string;
  min?: number;
  /** The highest quantity allowed; defaults to the shop's per-line maximum (1000). */
  max?: number;
  disabled?: boolean;
}

const buttonClass =
  "inline-flex h-9 w-9 items-center justify-center text-lg font-semibold text-ink hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-ink-muted/40 disabled:hover:bg-transparent";

/** Minus, the quantity, plus: minus is disabled at the minimum and plus at the maximum. */
export function QuantityStepper({ value, onChange, label, min = UI.quantity.min, max = UI.quantity.max, disabled = false }: QuantityStepperProps) {
  return (
    <div role="group" aria-label={label} className="inline-flex items-center rounded-full border border-line">
      <button
        type="button"
        aria-label="Decrease quantity"
        className={`${buttonClass} rounded-l-full`}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        −
      </button>
      <output aria-live="polite" aria-label="Quantity" className="min-w-10 px-1 text-center text-sm font-semibold tabular-nums text-ink">
        {value}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        className={`${buttonClass} rounded-r-full`}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        +
      </button>
    </div>
  );
}
