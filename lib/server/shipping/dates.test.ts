import { describe, expect, it } from "vitest";
import { addBusinessDays, carrierHolidays, isDeliveryDay, storeDate, storeDayStart } from "./dates";

// The holidays written out by hand from the calendar (not computed), so the rules are checked
// against an independent list.
const EXPECTED_HOLIDAYS: Readonly<Record<number, Record<string, string>>> = {
  2026: {
    "2026-01-01": "New Year's Day",
    "2026-05-25": "Memorial Day",
    "2026-07-03": "Independence Day", // July 4 is a Saturday
    "2026-09-07": "Labor Day",
    "2026-11-26": "Thanksgiving Day",
    "2026-12-25": "Christmas Day",
  },
  2027: {
    "2027-01-01": "New Year's Day",
    "2027-05-31": "Memorial Day",
    "2027-07-05": "Independence Day", // July 4 is a Sunday
    "2027-09-06": "Labor Day",
    "2027-11-25": "Thanksgiving Day",
    "2027-12-24": "Christmas Day", // December 25 is a Saturday
    "2027-12-31": "New Year's Day", // January 1, 2028 is a Saturday
  },
};

function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let date = new Date(`${from}T12:00:00Z`); date.toISOString().slice(0, 10) <= to; date.setUTCDate(date.getUTCDate() + 1)) {
    days.push(date.toISOString().slice(0, 10));
  }
  return days;
}

// The independent reading of a delivery day: a weekday that is not in the list above.
function expectedDeliveryDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const year = Number(day.slice(0, 4));
  return weekday !== 0 && weekday !== 6 && !(day in (EXPECTED_HOLIDAYS[year] ?? {}));
}

describe("carrier holidays", () => {
  it("are the six UPS holidays of 2026 and 2027 on their observed days", () => {
    expect(Object.fromEntries(carrierHolidays(2026))).toEqual(EXPECTED_HOLIDAYS[2026]);
    expect(Object.fromEntries(carrierHolidays(2027))).toEqual(EXPECTED_HOLIDAYS[2027]);
  });

  it("moves none in a year where all fall on weekdays or Monday rules (2025)", () => {
    expect([...carrierHolidays(2025).keys()]).toEqual(["2025-01-01", "2025-05-26", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25"]);
  });
});

describe("addBusinessDays", () => {
  it("skips Saturday and Sunday", () => {
    expect(addBusinessDays("2025-06-02", 3)).toBe("2025-06-05"); // Monday → Thursday
    expect(addBusinessDays("2025-06-05", 3)).toBe("2025-06-10"); // Thursday → Tuesday
    expect(addBusinessDays("2025-06-06", 1)).toBe("2025-06-09"); // Friday → Monday
    expect(addBusinessDays("2025-06-07", 1)).toBe("2025-06-09"); // Saturday → Monday
    expect(addBusinessDays("2025-06-08", 2)).toBe("2025-06-10"); // Sunday → Tuesday
  });

  it("skips Thanksgiving: ground from Mon, Nov 23, 2026 arrives Fri, Nov 27", () => {
    expect(addBusinessDays("2026-11-23", 3)).toBe("2026-11-27");
    expect(addBusinessDays("2026-11-25", 1)).toBe("2026-11-27");
  });

  it("crosses month and year ends, skipping New Year's Day", () => {
    expect(addBusinessDays("2025-12-31", 3)).toBe("2026-01-06"); // Wed → Tue: Jan 1 and the weekend skipped
    expect(addBusinessDays("2027-12-23", 1)).toBe("2027-12-27"); // Christmas observed Fri, Dec 24
    expect(addBusinessDays("2027-12-30", 1)).toBe("2028-01-03"); // New Year's Day 2028 observed Fri, Dec 31
    expect(addBusinessDays("2024-02-28", 2)).toBe("2024-03-01"); // leap year
  });

  it("refuses a malformed day", () => {
    expect(() => addBusinessDays("06/02/2025", 1)).toThrow();
    expect(() => addBusinessDays("2025-06-02", -1)).toThrow();
  });

  it("over every day of 2026 and 2027: never lands on a weekend or holiday, and counts exactly n delivery days", () => {
    const calendar = eachDay("2026-01-01", "2028-01-31");
    for (const start of eachDay("2026-01-01", "2027-12-31")) {
      expect(isDeliveryDay(start), start).toBe(expectedDeliveryDay(start));
      for (const days of [1, 2, 3]) {
        const estimate = addBusinessDays(start, days);
        expect(expectedDeliveryDay(estimate), `${start} + ${days} = ${estimate}`).toBe(true);
        const counted = calendar.filter((day) => day > start && day <= estimate && expectedDeliveryDay(day)).length;
        expect(counted, `${start} + ${days} = ${estimate}`).toBe(days);
      }
    }
  });
});

describe("storeDayStart", () => {
  it("is midnight in Chicago: 06:00 UTC in winter, 05:00 UTC in summer", () => {
    expect(storeDayStart("2026-01-15").toISOString()).toBe("2026-01-15T06:00:00.000Z");
    expect(storeDayStart("2026-07-15").toISOString()).toBe("2026-07-15T05:00:00.000Z");
  });

  it("gives the days around the clock changes their 23 and 25 hours", () => {
    expect(storeDayStart("2026-03-08").toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(storeDayStart("2026-03-09").toISOString()).toBe("2026-03-09T05:00:00.000Z");
    expect(storeDayStart("2026-11-01").toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect(storeDayStart("2026-11-02").toISOString()).toBe("2026-11-02T06:00:00.000Z");
  });

  it("is the first instant storeDate calls that day", () => {
    for (const day of ["2026-03-08", "2026-03-09", "2026-11-01", "2026-11-02", "2026-12-31"]) {
      const start = storeDayStart(day);
      expect(storeDate(start)).toBe(day);
      expect(storeDate(new Date(start.getTime() - 1))).not.toBe(day);
    }
  });
});
