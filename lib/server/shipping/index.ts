import "server-only";
import { env } from "@/lib/config/env";
import {
  amountToFreeShippingCents,
  DEFAULT_SHIPPING_METHOD,
  qualifiesForFreeShipping,
  SHIPPING_PRESETS,
  type ShippingMethodRule,
  type ShippingPreset,
} from "@/lib/config/shipping";
import { centsToAmount } from "@/lib/money";
import type { ShippingMethodValue, ShippingOption } from "@/lib/schemas/order";
import { addBusinessDays, storeDate } from "./dates";

export { addBusinessDays, carrierHolidays, isDeliveryDay, storeDate } from "./dates";

/** The preset the SHIPPING_PRESET setting selects. */
export function activeShippingPreset(): ShippingPreset {
  return SHIPPING_PRESETS[env.SHIPPING_PRESET];
}

function methodRule(preset: ShippingPreset, method: ShippingMethodValue): ShippingMethodRule {
  const rule = preset.methods.find((candidate) => candidate.value === method);
  if (!rule) throw new Error(`Shipping method ${method} is not in preset ${preset.name}`);
  return rule;
}

function feeFor(rule: ShippingMethodRule, subtotalCents: number, preset: ShippingPreset): number {
  if (rule.freeOverThreshold && qualifiesForFreeShipping(subtotalCents, preset.freeShippingThresholdCents)) return 0;
  return rule.priceCents;
}

/** The fee of one method for a merchandise subtotal, in cents. */
export function shippingFee(method: ShippingMethodValue, subtotalCents: number, preset = activeShippingPreset()): number {
  return feeFor(methodRule(preset, method), subtotalCents, preset);
}

/** Every option with its price for this subtotal and its delivery date counted from `today`. */
export function shippingOptions(subtotalCents: number, today: Date = new Date(), preset = activeShippingPreset()): ShippingOption[] {
  const start = storeDate(today);
  return preset.methods.map((rule) => {
    const feeCents = feeFor(rule, subtotalCents, preset);
    const days = rule.businessDays === 1 ? "1 business day" : `${rule.businessDays} business days`;
    return {
      label: rule.label,
      desc: feeCents === 0 ? `Free, ${days}` : days,
      value: rule.value,
      price: centsToAmount(feeCents),
      realDate: addBusinessDays(start, rule.businessDays),
    };
  });
}

/**
 * The day an order shipped by `method` arrives when counted from `from` (its payment): what the order
 * page and the confirmation e-mail promise. Null for a method the preset does not have.
 */
export function deliveryEstimate(method: ShippingMethodValue, from: Date, preset = activeShippingPreset()): string | null {
  const rule = preset.methods.find((candidate) => candidate.value === method);
  return rule ? addBusinessDays(storeDate(from), rule.businessDays) : null;
}

/** What the cart drawer shows: ground shipping for the subtotal ("0.00" for an empty cart) and the way to free shipping. */
export function cartShippingSummary(
  subtotalCents: number,
  preset = activeShippingPreset(),
): {
  shippingCents: number;
  freeShippingThresholdCents: number;
  amountToFreeShippingCents: number;
} {
  return {
    shippingCents: subtotalCents === 0 ? 0 : shippingFee(DEFAULT_SHIPPING_METHOD, subtotalCents, preset),
    freeShippingThresholdCents: preset.freeShippingThresholdCents,
    amountToFreeShippingCents: amountToFreeShippingCents(subtotalCents, preset.freeShippingThresholdCents),
  };
}

/** Every way to ship one unit priced `priceCents`, with its fee and business days (for Product markup). */
export function singleUnitShipping(priceCents: number, preset = activeShippingPreset()): { businessDays: number; feeCents: number }[] {
  return preset.methods.map((rule) => ({ businessDays: rule.businessDays, feeCents: feeFor(rule, priceCents, preset) }));
}
