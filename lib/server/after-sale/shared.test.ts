import { describe, expect, it } from "vitest";
import { lineRefundCents } from "./shared";

describe("lineRefundCents", () => {
  const order = { subtotalCents: 10_000, shippedSubtotalCents: 10_000, taxCents: 625, totalCents: 11_815, refundedCents: 0 };

  it("gives back the price paid for the units and the same share of the tax", () => {
    expect(lineRefundCents(order, 2_500, 2, true)).toBe(5_000 + 312); // half the merchandise, 312.5 of tax rounded down
    expect(lineRefundCents(order, 2_500, 4, true)).toBe(10_000 + 625);
  });

  it("never gives back more tax than was charged, whatever the split", () => {
    const odd = { subtotalCents: 3_000, shippedSubtotalCents: 3_000, taxCents: 100, totalCents: 3_100, refundedCents: 0 };
    const shares = [lineRefundCents(odd, 1_000, 1, true), lineRefundCents(odd, 1_000, 1, true), lineRefundCents(odd, 1_000, 1, true)];
    expect(shares).toEqual([1_033, 1_033, 1_033]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(odd.totalCents);
  });

  it("stops at what is left refundable on the order, and at nothing", () => {
    expect(lineRefundCents({ ...order, refundedCents: 11_000 }, 2_500, 2, true)).toBe(815);
    expect(lineRefundCents({ ...order, refundedCents: 11_815 }, 2_500, 2, true)).toBe(0);
  });

  it("refunds no tax on an untaxed order", () => {
    expect(
      lineRefundCents(
        { subtotalCents: 4_000, shippedSubtotalCents: 4_000, taxCents: 0, totalCents: 4_000, refundedCents: 0 },
        2_000,
        1,
        true,
      ),
    ).toBe(2_000);
  });

  it("in a mixed order, shares the tax over the goods that ship only; a plan line carries none", () => {
    // A $15.00 pen (taxed 0.94) and a $99.00 membership (a service, untaxed), shipping 11.90.
    const mixed = { subtotalCents: 11_400, shippedSubtotalCents: 1_500, taxCents: 94, totalCents: 12_684, refundedCents: 0 };
    expect(lineRefundCents(mixed, 1_500, 1, true)).toBe(1_500 + 94);
    expect(lineRefundCents(mixed, 9_900, 1, false)).toBe(9_900);
  });

  it("an order made before plans stopped being taxed shares its tax over every line", () => {
    const older = { subtotalCents: 11_400, shippedSubtotalCents: 11_400, taxCents: 713, totalCents: 12_113, refundedCents: 0 };
    expect(lineRefundCents(older, 9_900, 1, false)).toBe(9_900 + 619);
  });
});
