import { describe, expect, it } from "vitest";
import { SHIPPING_PRESETS } from "@/lib/config/shipping";
import { cartShippingSummary, shippingFee, shippingOptions, singleUnitShipping, storeDate } from "./index";

const standard = SHIPPING_PRESETS.standard;
const express = SHIPPING_PRESETS.express;

describe("storeDate", () => {
  it("reads the day in the store's time zone (Central)", () => {
    // 02:00 UTC on Saturday is still Friday evening in Houston.
    expect(storeDate(new Date("2025-06-07T02:00:00Z"))).toBe("2025-06-06");
    expect(storeDate(new Date("2025-06-07T12:00:00Z"))).toBe("2025-06-07");
  });
});

describe("shipping fees", () => {
  it("standard: ground 11.90 under $37, free at exactly $37.00 and over", () => {
    expect(shippingFee("ups_ground", 3699, standard)).toBe(1190);
    expect(shippingFee("ups_ground", 3700, standard)).toBe(0);
    expect(shippingFee("ups_ground", 3701, standard)).toBe(0);
    expect(shippingFee("ups_2nd_day_air", 100_000, standard)).toBe(2290);
    expect(shippingFee("ups_next_day_air", 100, standard)).toBe(3390);
  });

  it("express: ground free at $89, 2nd day 11.00, next day 22.00", () => {
    expect(shippingFee("ups_ground", 8899, express)).toBe(1190);
    expect(shippingFee("ups_ground", 8900, express)).toBe(0);
    expect(shippingFee("ups_2nd_day_air", 8900, express)).toBe(1100);
    expect(shippingFee("ups_next_day_air", 500, express)).toBe(2200);
  });

  it("lists the three options with label, desc, price and a business-day delivery date", () => {
    const thursdayNoon = new Date("2025-06-05T17:00:00Z");
    expect(shippingOptions(2000, thursdayNoon, standard)).toEqual([
      { label: "UPS Ground", desc: "3 business days", value: "ups_ground", price: "11.90", realDate: "2025-06-10" },
      { label: "UPS 2nd Day Air", desc: "2 business days", value: "ups_2nd_day_air", price: "22.90", realDate: "2025-06-09" },
      { label: "UPS Next Day Air", desc: "1 business day", value: "ups_next_day_air", price: "33.90", realDate: "2025-06-06" },
    ]);
    expect(shippingOptions(3700, thursdayNoon, standard)[0]).toMatchObject({ price: "0.00", desc: "Free, 3 business days" });
  });

  it("summarises the cart: nothing for an empty cart, the way to free shipping otherwise", () => {
    expect(cartShippingSummary(0, standard)).toEqual({
      shippingCents: 0,
      freeShippingThresholdCents: 3700,
      amountToFreeShippingCents: 3700,
    });
    expect(cartShippingSummary(2500, standard)).toEqual({
      shippingCents: 1190,
      freeShippingThresholdCents: 3700,
      amountToFreeShippingCents: 1200,
    });
    expect(cartShippingSummary(3700, standard)).toEqual({
      shippingCents: 0,
      freeShippingThresholdCents: 3700,
      amountToFreeShippingCents: 0,
    });
  });
});

describe("singleUnitShipping (Product markup)", () => {
  it("prices one unit with every method of the preset: ground free at or over the threshold", () => {
    expect(singleUnitShipping(35_900, standard)).toEqual([
      { businessDays: 3, feeCents: 0 },
      { businessDays: 2, feeCents: 2290 },
      { businessDays: 1, feeCents: 3390 },
    ]);
    expect(singleUnitShipping(2_900, standard)[0]).toEqual({ businessDays: 3, feeCents: 1190 });
    expect(singleUnitShipping(3_700, standard)[0]?.feeCents).toBe(0);
    expect(singleUnitShipping(35_900, express).map((rate) => rate.feeCents)).toEqual([0, 1100, 2200]);
  });
});
