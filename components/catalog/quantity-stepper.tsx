"use client";

import { UI } from "@/lib/config/store";
import { clampQuantity } from "@/lib/catalog-display";

const stepClass =
  "inline-flex h-11 w-11 items-center justify-center text-lg font-semibold text-ink hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40";

/** Quantity 1..max: minus disabled at 1, plus at the maximum; typed values are brought inside. */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled = false,
  label = "Choose a quantity",
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Name of the group (the field itself is "Quantity"), such as "Quantity of RO membrane cartridge". */
  label?: string;
}) {
  return (
    <div className="inline-flex items-center overflow-hidden rounded-full border border-line bg-white" role="group" aria-label={label}>
      <button
        type="button"
        aria-label="Decrease quantity"
        disabled={disabled || value <= UI.quantity.min}
        onClick={() => onChange(clampQuantity(value - 1, max))}
        className={stepClass}
      >
        −
      </button>
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
      <button
        type="button"
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(clampQuantity(value + 1, max))}
        className={stepClass}
      >
        +
      </button>
    </div>
  );
}
