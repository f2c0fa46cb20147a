"use client";

import { clampQuantity } from "@/lib/display/catalog-display";
import { UI } from "@/lib/config/store";

interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** What the quantity is of, for screen readers ("Quantity of RO600 purifier"). */
  label: string;
  /** The highest quantity allowed; defaults to the shop's per-line maximum (1000). */
  max?: number;
  disabled?: boolean;
  /**
   * The product page's stepper: larger, and the number is a field the customer can type in. The
   * cart drawer's lines show the number between compact buttons instead.
   */
  editable?: boolean;
}

const stepClass = "inline-flex items-center justify-center text-lg font-semibold text-ink hover:bg-brand-50 disabled:cursor-not-allowed";

const LOOKS = {
  compact: {
    group: "inline-flex items-center rounded-full border border-line",
    minus: `${stepClass} h-11 w-11 rounded-l-full disabled:text-ink-muted/40 disabled:hover:bg-transparent`,
    plus: `${stepClass} h-11 w-11 rounded-r-full disabled:text-ink-muted/40 disabled:hover:bg-transparent`,
  },
  editable: {
    group: "inline-flex items-center overflow-hidden rounded-full border border-line bg-white",
    minus: `${stepClass} h-11 w-11 disabled:opacity-40`,
    plus: `${stepClass} h-11 w-11 disabled:opacity-40`,
  },
} as const;

/**
 * Minus, the quantity, plus: minus is disabled at 1 and plus at the maximum. A quantity above a
 * lowered maximum (the stock fell) steps down by one; a typed one is brought inside 1..max.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  max = UI.quantity.max,
  disabled = false,
  editable = false,
}: QuantityStepperProps) {
  const looks = LOOKS[editable ? "editable" : "compact"];
  return (
    <div role="group" aria-label={label} className={looks.group}>
      <button
        type="button"
        aria-label="Decrease quantity"
        className={looks.minus}
        disabled={disabled || value <= UI.quantity.min}
        onClick={() => onChange(Math.max(UI.quantity.min, value - 1))}
      >
        −
      </button>
      {editable ? (
        <input
          type="number"
          inputMode="numeric"
          aria-label="Quantity"
          min={UI.quantity.min}
          max={max}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(clampQuantity(event.target.valueAsNumber, max))}
          className="h-11 w-16 border-x border-line text-center text-base text-ink [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
        />
      ) : (
        <output aria-live="polite" aria-label="Quantity" className="min-w-10 px-1 text-center text-sm font-semibold tabular-nums text-ink">
          {value}
        </output>
      )}
      <button
        type="button"
        aria-label="Increase quantity"
        className={looks.plus}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        +
      </button>
    </div>
  );
}
