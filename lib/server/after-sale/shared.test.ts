import { describe, expect, it } from "vitest";
import { lineRefundCents } from "./shared";

describe("lineRefundCents", () => {
  const order = { subtotalCents: 10_000, taxCents: 625, totalCents: 11_815, refundedCents: 0 };

  it("gives back the price paid for the units and the same share of the tax", () => {
    expect(lineRefundCents(order, 2_500, 2)).toBe(5_000 + 312); // half the merchandise, 312.5 of tax rounded down
    expect(lineRefundCents(order, 2_500, 4)).toBe(10_000 + 625);
  });

  it("never gives back more tax than was charged, whatever the split", () => {
    const odd = { subtotalCents: 3_000, taxCents: 100, totalCents: 3_100, refundedCents: 0 };
    const shares = [lineRefundCents(odd, 1_000, 1), lineRefundCents(odd, 1_000, 1), lineRefundCents(odd, 1_000, 1)];
    expect(shares).toEqual([1_033, 1_033, 1_033]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeLessThanOrEqual(odd.totalCents);
  });

  it("stops at what is left refundable on the order, and at nothing", () => {
    expect(lineRefundCents({ ...order, refundedCents: 11_000 }, 2_500, 2)).toBe(815);
    expect(lineRefundCents({ ...order, refundedCents: 11_815 }, 2_500, 2)).toBe(0);
  });

  it("refunds no tax on an untaxed order", () => {
    expect(lineRefundCents({ subtotalCents: 4_000, taxCents: 0, totalCents: 4_000, refundedCents: 0 }, 2_000, 1)).toBe(2_000);
  });
});
