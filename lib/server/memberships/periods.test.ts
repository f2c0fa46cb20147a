import { describe, expect, it } from "vitest";
import { nextPeriodEnd, unusedFullMonths, unusedMonthsRefundCents } from "./periods";

describe("nextPeriodEnd", () => {
  it("renews a monthly plan to the same day of the next month, keeping to the month's last day without drifting", () => {
    const start = new Date("2028-01-31T18:00:00Z");
    const feb = nextPeriodEnd(start, start, 1);
    expect(feb.toISOString()).toBe("2028-02-29T18:00:00.000Z"); // leap year
    const mar = nextPeriodEnd(start, feb, 1);
    expect(mar.toISOString()).toBe("2028-03-31T18:00:00.000Z"); // back to the 31st, not the 29th
    expect(nextPeriodEnd(start, mar, 1).toISOString()).toBe("2028-04-30T18:00:00.000Z");
    const plain = new Date("2027-01-31T18:00:00Z");
    expect(nextPeriodEnd(plain, plain, 1).toISOString()).toBe("2027-02-28T18:00:00.000Z");
  });

  it("renews a yearly plan that began on Feb 29 to Feb 28, and to Feb 29 again in the next leap year", () => {
    const start = new Date("2028-02-29T12:00:00Z");
    const first = nextPeriodEnd(start, start, 12);
    expect(first.toISOString()).toBe("2029-02-28T12:00:00.000Z");
    const second = nextPeriodEnd(start, first, 12);
    expect(second.toISOString()).toBe("2030-02-28T12:00:00.000Z");
    const third = nextPeriodEnd(start, nextPeriodEnd(start, second, 12), 12);
    expect(third.toISOString()).toBe("2032-02-29T12:00:00.000Z");
  });
});

describe("unusedFullMonths", () => {
  it("counts whole calendar months from the cancel day to the period's end day", () => {
    // A year paid from Mar 10, 2028: cancelled the same day, nothing of it is used.
    expect(unusedFullMonths("2028-03-10", "2029-03-10")).toBe(12);
    expect(unusedFullMonths("2028-03-11", "2029-03-10")).toBe(11);
    expect(unusedFullMonths("2028-06-10", "2029-03-10")).toBe(9);
    expect(unusedFullMonths("2028-06-11", "2029-03-10")).toBe(8);
    expect(unusedFullMonths("2029-02-11", "2029-03-10")).toBe(0);
    expect(unusedFullMonths("2029-03-10", "2029-03-10")).toBe(0);
  });

  it("adds months to a month's end as renewals do (Jan 31 + 1 month = the last day of February)", () => {
    expect(unusedFullMonths("2028-01-31", "2028-02-29")).toBe(1); // leap year
    expect(unusedFullMonths("2027-01-31", "2027-02-28")).toBe(1);
    expect(unusedFullMonths("2027-01-31", "2027-02-27")).toBe(0);
    expect(unusedFullMonths("2028-01-31", "2028-04-30")).toBe(3);
    expect(unusedFullMonths("2028-08-31", "2029-02-28")).toBe(6);
    expect(unusedFullMonths("2027-12-31", "2028-12-30")).toBe(11);
  });
});

describe("unusedMonthsRefundCents", () => {
  it("refunds price × unused months ÷ months of the period, rounded to the cent", () => {
    expect(unusedMonthsRefundCents(12_900, 9, 12)).toBe(9_675);
    expect(unusedMonthsRefundCents(12_900, 12, 12)).toBe(12_900);
    expect(unusedMonthsRefundCents(12_999, 7, 12)).toBe(7_583); // 7582.75
    expect(unusedMonthsRefundCents(12_995, 1, 12)).toBe(1_083); // 1082.9166…
    expect(unusedMonthsRefundCents(10_006, 6, 12)).toBe(5_003);
    expect(unusedMonthsRefundCents(12_900, 0, 12)).toBe(0);
    // A line that bought two years at once: its months count together.
    expect(unusedMonthsRefundCents(25_800, 18, 24)).toBe(19_350);
  });
});
