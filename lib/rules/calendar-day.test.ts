import { describe, expect, it } from "vitest";
import { addCalendarMonths, addDays, daysBetween, isCalendarDay, laterDay } from "./calendar-day";

describe("calendar days", () => {
  it("adds months and keeps the month's last day when the target month is shorter", () => {
    expect(addCalendarMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addCalendarMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addCalendarMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(addCalendarMonths("2026-05-15", 24)).toBe("2028-05-15");
    expect(addCalendarMonths("2026-12-31", -6)).toBe("2026-06-30");
  });

  it("adds days across month, year and leap-day boundaries", () => {
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
    expect(addDays("2028-03-10", -14)).toBe("2028-02-25");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
  });

  it("counts whole days whatever the clocks did in between (DST changes in the shop's zone)", () => {
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-11-01", "2026-10-31")).toBe(-1);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
  });

  it("refuses what is not a calendar day", () => {
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("26-01-01")).toBe(false);
    expect(() => addDays("2026-02-30", 1)).toThrow("Not a calendar day");
    expect(laterDay("2026-01-02", "2025-12-31")).toBe("2026-01-02");
  });
});
