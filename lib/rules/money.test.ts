import { describe, expect, it } from "vitest";
import { amountToCents, centsToAmount, formatAmount, formatFee, formatUsd } from "./money";

describe("centsToAmount", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [99, "0.99"],
    [1290, "12.90"],
    [129900, "1299.00"],
    [-5, "-0.05"],
    [-1290, "-12.90"],
  ])("writes %i cents as %s", (cents, amount) => {
    expect(centsToAmount(cents)).toBe(amount);
  });

  it.each([12.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY])("refuses %s, which is not whole cents", (cents) => {
    expect(() => centsToAmount(cents)).toThrow("Money must be whole cents");
  });
});

describe("amountToCents", () => {
  it.each([
    ["0.00", 0],
    ["0.05", 5],
    ["12.90", 1290],
    ["1299.00", 129900],
    ["-12.90", -1290],
  ])("reads %s as %i cents", (amount, cents) => {
    expect(amountToCents(amount)).toBe(cents);
  });

  it.each(["", "12", "12.9", "12.900", "$12.90", "1,299.00", "12.90 ", "+12.90", "abc", ".90", "1e3.00"])("refuses %j", (amount) => {
    expect(() => amountToCents(amount)).toThrow("Not a money amount");
  });

  it.each([0, 1, 99, 100, 1290, 129900, -1, -1290, 123456789])("round-trips %i cents", (cents) => {
    expect(amountToCents(centsToAmount(cents))).toBe(cents);
  });
});

describe("formatUsd", () => {
  it.each([
    [0, "$0.00"],
    [1290, "$12.90"],
    [129900, "$1,299.00"],
    [-1290, "-$12.90"],
    [5, "$0.05"],
    [100000, "$1,000.00"],
    [123456789, "$1,234,567.89"],
    [-123456789, "-$1,234,567.89"],
  ])("shows %i cents as %s", (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it("writes what Intl's en-US currency format writes", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    for (const cents of [0, 7, 10, 999, 1000, 99999, 100000, 2500075, -5, -100000, 987654321]) {
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
    }
  });

  it("refuses a fraction of a cent", () => {
    expect(() => formatUsd(12.5)).toThrow(/whole cents/);
  });
});

describe("formatAmount", () => {
  it("shows an API amount in dollars", () => {
    expect(formatAmount("1299.00")).toBe("$1,299.00");
    expect(formatAmount("0.00")).toBe("$0.00");
  });

  it("multiplies by a line's quantity in cents, without float drift", () => {
    expect(formatAmount("0.10", 3)).toBe("$0.30");
    expect(formatAmount("359.00", 2)).toBe("$718.00");
  });

  it("refuses what is not an amount", () => {
    expect(() => formatAmount("12.9")).toThrow("Not a money amount");
  });
});

describe("formatFee", () => {
  it("says Free for nothing and the amount otherwise", () => {
    expect(formatFee("0.00")).toBe("Free");
    expect(formatFee("11.90")).toBe("$11.90");
  });
});
