import { describe, expect, it } from "vitest";
import { sameAddress } from "./same-address";

const houston = { fullName: "Sam Rivers", line1: "1200 Main Street", city: "Houston", state: "TX", zip: "77002" };

describe("comparing addresses", () => {
  it("compares field by field, whatever the key order, an absent apartment line equal to an empty one", () => {
    const reordered = { zip: "77002", state: "TX", city: "Houston", line1: "1200 Main Street", fullName: "Sam Rivers" };
    expect(sameAddress(houston, reordered)).toBe(true);
    expect(sameAddress(houston, { ...houston, line2: "" })).toBe(true);
    expect(sameAddress(houston, { ...houston, line2: "Apt 4" })).toBe(false);
    expect(sameAddress(houston, { ...houston, zip: "77003" })).toBe(false);
  });

  it("is never the same as no address", () => {
    expect(sameAddress(houston, null)).toBe(false);
    expect(sameAddress(null, null)).toBe(false);
  });
});
