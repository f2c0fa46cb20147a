import { describe, expect, it } from "vitest";
import { addMonths } from "./index";

describe("addMonths", () => {
  it("adds calendar months and keeps to the last day of a shorter month", () => {
    expect(addMonths(new Date("2026-01-15T10:00:00Z"), 1).toISOString()).toBe("2026-02-15T10:00:00.000Z");
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T00:00:00Z"), 1).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonths(new Date("2026-11-30T00:00:00Z"), 3).toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(addMonths(new Date("2026-05-01T00:00:00Z"), 24).toISOString()).toBe("2028-05-01T00:00:00.000Z");
  });
});
