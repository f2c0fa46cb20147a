import "server-only";
import { env } from "@/lib/config/env";
import {
  amountToFreeShippingCents,
  DEFAULT_SHIPPING_METHOD,
  qualifiesForFreeShipping,
  SHIPPING_PRESETS,
  type ShippingBasis,
  type ShippingMethodRule,
  type ShippingPreset,
} from "@/lib/config/shipping";
import { centsToAmount } from "@/lib/rules/money";
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

function feeFor(rule: ShippingMethodRule, basis: ShippingBasis, preset: ShippingPreset): number {
  if (rule.freeForMembers && basis.member) return 0;
  if (rule.freeOverThreshold && qualifiesForFreeShipping(basis.shippedSubtotalCents, preset.freeShippingThresholdCents)) return 0;
  return rule.priceCents;
}

/** A non-member's basis: what the shipping of `shippedSubtotalCents` costs anyone. */
export function publicBasis(shippedSubtotalCents: number): ShippingBasis {
  return { shippedSubtotalCents, member: false };
}

/** The fee of one method for what ships, in cents. */
export function shippingFee(method: ShippingMethodValue, basis: ShippingBasis, preset = activeShippingPreset()): number {
  return feeFor(methodRule(preset, method), basis, preset);
}

/** Every option with its price for what ships and its delivery date counted from `today`. */
export function shippingOptions(basis: ShippingBasis, today: Date = new Date(), preset = activeShippingPreset()): ShippingOption[] {
  const start = storeDate(today);
  return preset.methods.map((rule) => {
    const feeCents = feeFor(rule, basis, preset);
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
 * page and the confirmation e-mail promise. Null for a method the preset does not have, and for an
 * order with nothing to ship (method null).
 */
export function deliveryEstimate(method: ShippingMethodValue | null, from: Date, preset = activeShippingPreset()): string | null {
  const rule = method ? preset.methods.find((candidate) => candidate.value === method) : undefined;
  return rule ? addBusinessDays(storeDate(from), rule.businessDays) : null;
}

/**
 * What the cart drawer shows: ground shipping for what ships ("0.00" when nothing ships) and the way
 * to free shipping (none left for a member: ground is free whatever the subtotal).
 */
export function cartShippingSummary(
  basis: ShippingBasis,
  preset = activeShippingPreset(),
): {
  shippingCents: number;
  freeShippingThresholdCents: number;
  amountToFreeShippingCents: number;
} {
  const ships = basis.shippedSubtotalCents > 0;
  return {
    shippingCents: ships ? shippingFee(DEFAULT_SHIPPING_METHOD, basis, preset) : 0,
    freeShippingThresholdCents: preset.freeShippingThresholdCents,
    amountToFreeShippingCents:
      ships && !basis.member ? amountToFreeShippingCents(basis.shippedSubtotalCents, preset.freeShippingThresholdCents) : 0,
  };
}

/** Every way to ship one unit priced `priceCents`, with its fee and business days (for Product markup). */
export function singleUnitShipping(priceCents: number, preset = activeShippingPreset()): { businessDays: number; feeCents: number }[] {
  return preset.methods.map((rule) => ({ businessDays: rule.businessDays, feeCents: feeFor(rule, publicBasis(priceCents), preset) }));
}
