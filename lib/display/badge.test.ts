import { describe, expect, it } from "vitest";
import { formatBadgeCount } from "./badge";

describe("formatBadgeCount", () => {
  it.each([0, -1, -150, Number.NaN, Number.POSITIVE_INFINITY])("shows no badge for %s", (count) => {
    expect(formatBadgeCount(count)).toBeNull();
  });

  it.each([
    [1, "1"],
    [7, "7"],
    [99, "99"],
    [100, "99+"],
    [150, "99+"],
  ])("shows %s items as %s", (count, text) => {
    expect(formatBadgeCount(count)).toBe(text);
  });

  it("honours a custom maximum", () => {
    expect(formatBadgeCount(10, 9)).toBe("9+");
    expect(formatBadgeCount(9, 9)).toBe("9");
  });
});
