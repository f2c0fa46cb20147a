import { describe, expect, it } from "vitest";
import { SHIPPING_PRESETS } from "@/lib/config/shipping";
import { cartShippingSummary, publicBasis, shippingFee, shippingOptions, singleUnitShipping, storeDate } from "./index";

const member = (shippedSubtotalCents: number) => ({ shippedSubtotalCents, member: true });

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
    expect(shippingFee("ups_ground", publicBasis(3699), standard)).toBe(1190);
    expect(shippingFee("ups_ground", publicBasis(3700), standard)).toBe(0);
    expect(shippingFee("ups_ground", publicBasis(3701), standard)).toBe(0);
    expect(shippingFee("ups_2nd_day_air", publicBasis(100_000), standard)).toBe(2290);
    expect(shippingFee("ups_next_day_air", publicBasis(100), standard)).toBe(3390);
  });

  it("express: ground free at $89, 2nd day 11.00, next day 22.00", () => {
    expect(shippingFee("ups_ground", publicBasis(8899), express)).toBe(1190);
    expect(shippingFee("ups_ground", publicBasis(8900), express)).toBe(0);
    expect(shippingFee("ups_2nd_day_air", publicBasis(8900), express)).toBe(1100);
    expect(shippingFee("ups_next_day_air", publicBasis(500), express)).toBe(2200);
  });

  it("lists the three options with label, desc, price and a business-day delivery date", () => {
    const thursdayNoon = new Date("2025-06-05T17:00:00Z");
    expect(shippingOptions(publicBasis(2000), thursdayNoon, standard)).toEqual([
      { label: "UPS Ground", desc: "3 business days", value: "ups_ground", price: "11.90", realDate: "2025-06-10" },
      { label: "UPS 2nd Day Air", desc: "2 business days", value: "ups_2nd_day_air", price: "22.90", realDate: "2025-06-09" },
      { label: "UPS Next Day Air", desc: "1 business day", value: "ups_next_day_air", price: "33.90", realDate: "2025-06-06" },
    ]);
    expect(shippingOptions(publicBasis(3700), thursdayNoon, standard)[0]).toMatchObject({ price: "0.00", desc: "Free, 3 business days" });
  });

  it("summarises the cart: nothing for an empty cart, the way to free shipping otherwise", () => {
    expect(cartShippingSummary(publicBasis(0), standard)).toEqual({
      shippingCents: 0,
      freeShippingThresholdCents: 3700,
      amountToFreeShippingCents: 0,
    });
    expect(cartShippingSummary(publicBasis(2500), standard)).toEqual({
      shippingCents: 1190,
      freeShippingThresholdCents: 3700,
      amountToFreeShippingCents: 1200,
    });
    expect(cartShippingSummary(publicBasis(3700), standard)).toEqual({
      shippingCents: 0,
      freeShippingThresholdCents: 3700,
      amountToFreeShippingCents: 0,
    });
  });
});

describe("member shipping", () => {
  it("ground is free for a member whatever the subtotal; faster methods keep their price", () => {
    expect(shippingFee("ups_ground", member(1275), standard)).toBe(0);
    expect(shippingFee("ups_ground", member(1), express)).toBe(0);
    expect(shippingFee("ups_2nd_day_air", member(1275), standard)).toBe(2290);
    expect(shippingFee("ups_next_day_air", member(100_000), express)).toBe(2200);
    expect(
      shippingOptions(member(1275), new Date("2025-06-05T17:00:00Z"), standard).map((option) => [option.value, option.price, option.desc]),
    ).toEqual([
      ["ups_ground", "0.00", "Free, 3 business days"],
      ["ups_2nd_day_air", "22.90", "2 business days"],
      ["ups_next_day_air", "33.90", "1 business day"],
    ]);
  });

  it("the cart shows a member free ground with nothing left to add", () => {
    expect(cartShippingSummary(member(1275), standard)).toEqual({
      shippingCents: 0,
      freeShippingThresholdCents: 3700,
      amountToFreeShippingCents: 0,
    });
  });

  it("nothing to ship costs nothing and asks for nothing more, member or not", () => {
    expect(cartShippingSummary(publicBasis(0), express)).toMatchObject({ shippingCents: 0, amountToFreeShippingCents: 0 });
    expect(cartShippingSummary(member(0), express)).toMatchObject({ shippingCents: 0, amountToFreeShippingCents: 0 });
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
