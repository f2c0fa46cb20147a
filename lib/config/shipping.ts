// Shipping prices and the free-shipping threshold, in two presets. Which preset applies is
// the server setting SHIPPING_PRESET (lib/config/env.ts); browser code gets the threshold in use from
// the cart list (freeShippingThreshold), so it never has to guess the preset.
// Free ground shipping applies when the merchandise subtotal is AT OR OVER the threshold: an order of
// exactly $37.00 ships free, so "amount to free shipping" reaches 0.00 exactly when it applies.

/** The shipping options' values, as the API names them. */
export const SHIPPING_METHOD_VALUES = ["ups_ground", "ups_2nd_day_air", "ups_next_day_air"] as const;
export type ShippingMethodValue = (typeof SHIPPING_METHOD_VALUES)[number];

export const SHIPPING_PRESET_NAMES = ["standard", "express"] as const;
export type ShippingPresetName = (typeof SHIPPING_PRESET_NAMES)[number];
export const DEFAULT_SHIPPING_PRESET: ShippingPresetName = "standard";

export interface ShippingMethodRule {
  value: ShippingMethodValue;
  label: string;
  /** Business days from the order day to delivery. */
  businessDays: number;
  priceCents: number;
  /** Free when the subtotal is at or over the preset's threshold (only ground, in both presets). */
  freeOverThreshold: boolean;
  /** Free on every order of a customer whose membership is running (the membership page's "free UPS Ground on every order"). */
  freeForMembers: boolean;
}

export interface ShippingPreset {
  name: ShippingPresetName;
  /** Free ground shipping to the US from this merchandise subtotal (inclusive). */
  freeShippingThresholdCents: number;
  /** In the order the payment page lists them; the first is the default of a new order. */
  methods: readonly [ShippingMethodRule, ...ShippingMethodRule[]];
}

export const SHIPPING_PRESETS: Readonly<Record<ShippingPresetName, ShippingPreset>> = {
  // The default: free ground over $37; ground 11.90 / 3 days, 2nd day 22.90, next day 33.90.
  standard: {
    name: "standard",
    freeShippingThresholdCents: 3700,
    methods: [
      { value: "ups_ground", label: "UPS Ground", businessDays: 3, priceCents: 1190, freeOverThreshold: true, freeForMembers: true },
      {
        value: "ups_2nd_day_air",
        label: "UPS 2nd Day Air",
        businessDays: 2,
        priceCents: 2290,
        freeOverThreshold: false,
        freeForMembers: false,
      },
      {
        value: "ups_next_day_air",
        label: "UPS Next Day Air",
        businessDays: 1,
        priceCents: 3390,
        freeOverThreshold: false,
        freeForMembers: false,
      },
    ],
  },
  // The variant: $89 threshold, faster options at 11.00 and 22.00. It names no ground price of its
  // own, so ground keeps 11.90 under the threshold and is free at or over it.
  express: {
    name: "express",
    freeShippingThresholdCents: 8900,
    methods: [
      { value: "ups_ground", label: "UPS Ground", businessDays: 3, priceCents: 1190, freeOverThreshold: true, freeForMembers: true },
      {
        value: "ups_2nd_day_air",
        label: "UPS 2nd Day Air",
        businessDays: 2,
        priceCents: 1100,
        freeOverThreshold: false,
        freeForMembers: false,
      },
      {
        value: "ups_next_day_air",
        label: "UPS Next Day Air",
        businessDays: 1,
        priceCents: 2200,
        freeOverThreshold: false,
        freeForMembers: false,
      },
    ],
  },
};

export const DEFAULT_SHIPPING_METHOD: ShippingMethodValue = "ups_ground";

/**
 * What an order's shipping price depends on: the subtotal of the lines that ship (plans and the
 * mail-in repair service are not parcels, lib/config/catalog.ts shipsToCustomer) and whether the
 * customer's membership was running when the order was made.
 */
export interface ShippingBasis {
  shippedSubtotalCents: number;
  member: boolean;
}

/** Whether a subtotal earns free ground shipping (at or over the threshold; an empty cart never does). */
export function qualifiesForFreeShipping(subtotalCents: number, thresholdCents: number): boolean {
  return subtotalCents > 0 && subtotalCents >= thresholdCents;
}

/** What is left to reach free shipping, never negative. */
export function amountToFreeShippingCents(subtotalCents: number, thresholdCents: number): number {
  return Math.max(0, thresholdCents - subtotalCents);
}

/** How often each server process looks for unpaid orders past their expiry (ORDER_PAYMENT_TTL_MINUTES). */
export const ORDER_EXPIRY_SWEEP_MS = 60_000;
