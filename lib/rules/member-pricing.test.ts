import { describe, expect, it } from "vitest";
import { priceLines, unitPriceCents, type PriceableLine } from "./member-pricing";

const pen: PriceableLine = { category: "accessory", quantity: 1, discountPriceCents: 1500, memberPriceCents: 1275 };
const purifier: PriceableLine = { category: "purifier", quantity: 1, discountPriceCents: 35_900, memberPriceCents: null };
const yearly: PriceableLine = { category: "membership", quantity: 1, discountPriceCents: 9900, memberPriceCents: null };
const care: PriceableLine = { category: "care", quantity: 1, discountPriceCents: 7900, memberPriceCents: null };
const repair: PriceableLine = { category: "repair", quantity: 1, discountPriceCents: 4900, memberPriceCents: null };

describe("unitPriceCents", () => {
  it("a member pays the member price, everyone else the discount price", () => {
    expect(unitPriceCents(pen, true)).toBe(1275);
    expect(unitPriceCents(pen, false)).toBe(1500);
  });

  it("a product without a member price costs members the discount price", () => {
    expect(unitPriceCents(purifier, true)).toBe(35_900);
  });

  it("a member price of zero is a price, not a missing one", () => {
    expect(unitPriceCents({ discountPriceCents: 500, memberPriceCents: 0 }, true)).toBe(0);
  });
});

describe("priceLines", () => {
  it("prices every line for a member and multiplies by the quantity", () => {
    const priced = priceLines([{ ...pen, quantity: 3 }, purifier], true);
    expect(priced.lines).toEqual([
      { unitPriceCents: 1275, lineTotalCents: 3825 },
      { unitPriceCents: 35_900, lineTotalCents: 35_900 },
    ]);
    expect(priced.subtotalCents).toBe(39_725);
    expect(priced.shippedSubtotalCents).toBe(39_725);
    expect(priced.ships).toBe(true);
  });

  it("plans and the mail-in repair service ship nothing", () => {
    const priced = priceLines([yearly, care, repair], false);
    expect(priced.subtotalCents).toBe(22_700);
    expect(priced.shippedSubtotalCents).toBe(0);
    expect(priced.ships).toBe(false);
  });

  it("a mixed order ships only its physical lines", () => {
    const priced = priceLines([pen, yearly], false);
    expect(priced.subtotalCents).toBe(11_400);
    expect(priced.shippedSubtotalCents).toBe(1500);
    expect(priced.ships).toBe(true);
  });
});
