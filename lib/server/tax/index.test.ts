import { describe, expect, it } from "vitest";
import { US_STATE_CODES } from "@/lib/config/us-states";
import { salesTaxCents, STATE_BASE_RATES } from "./index";

describe("salesTaxCents", () => {
  it("applies the destination state's base rate to the subtotal", () => {
    expect(salesTaxCents("TX", 10_000)).toBe(625);
    expect(salesTaxCents("CA", 29_900)).toBe(2168); // 29900 * 7.25 % = 2167.75
    expect(salesTaxCents("MN", 10_000)).toBe(688); // 6.875 % = 687.5 rounds up
  });

  it("rounds half a cent up and less than half down", () => {
    expect(salesTaxCents("TX", 8)).toBe(1); // 0.5 cent
    expect(salesTaxCents("TX", 7)).toBe(0); // 0.4375 cent
  });

  it("charges nothing in states without a sales tax, and nothing without an address", () => {
    for (const state of ["AK", "DE", "MT", "NH", "OR"]) expect(salesTaxCents(state, 50_000)).toBe(0);
    expect(salesTaxCents(null, 50_000)).toBe(0);
    expect(salesTaxCents(undefined, 50_000)).toBe(0);
  });

  it("has a rate for every state the shop ships to, between 0 and 12 %", () => {
    for (const state of US_STATE_CODES) {
      expect(STATE_BASE_RATES[state]).toBeGreaterThanOrEqual(0);
      expect(STATE_BASE_RATES[state]).toBeLessThanOrEqual(12_000);
    }
  });

  it("refuses an unknown state or a negative amount instead of guessing", () => {
    expect(() => salesTaxCents("ZZ", 100)).toThrow(/Unknown US state/);
    expect(() => salesTaxCents("TX", -1)).toThrow();
    expect(() => salesTaxCents("TX", 1.5)).toThrow();
  });
});
