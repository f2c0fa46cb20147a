import { describe, expect, it } from "vitest";
import { careText, dueText, formatDay, stageTone } from "./purifier-display";

describe("purifier display", () => {
  it("writes a shop day with its year, whatever the reader's zone", () => {
    expect(formatDay("2028-02-29")).toBe("Feb 29, 2028");
    expect(formatDay("2026-12-31")).toBe("Dec 31, 2026");
  });

  it("says how far a filter is from its due day", () => {
    expect(dueText({ daysLeft: 45 })).toBe("Due in 45 days");
    expect(dueText({ daysLeft: 1 })).toBe("Due tomorrow");
    expect(dueText({ daysLeft: 0 })).toBe("Due today");
    expect(dueText({ daysLeft: -1 })).toBe("Overdue by 1 day");
    expect(dueText({ daysLeft: -12 })).toBe("Overdue by 12 days");
    expect([stageTone({ daysLeft: 31 }), stageTone({ daysLeft: 30 }), stageTone({ daysLeft: 0 })]).toEqual(["ok", "soon", "due"]);
  });

  it("states the care coverage the way the care page promises it", () => {
    expect(careText(null)).toBeNull();
    expect(careText({ planId: "p", status: "active", startsOn: "2028-02-29", endsOn: "2030-02-28" })).toBe(
      "Lenwell Care until Feb 28, 2030",
    );
    expect(careText({ planId: "p", status: "scheduled", startsOn: "2030-02-28", endsOn: "2032-02-28" })).toBe(
      "Lenwell Care from Feb 28, 2030 until Feb 28, 2032",
    );
    expect(careText({ planId: "p", status: "ended", startsOn: "2026-01-01", endsOn: "2028-01-01" })).toBe(
      "Lenwell Care ended on Jan 1, 2028",
    );
  });
});
