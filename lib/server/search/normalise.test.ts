// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isPrivateQuery, normaliseQuery, orderNumberPrefix, queryWords, serialPart } from "./normalise";

describe("search query normalisation", () => {
  it("trims, lower-cases, folds compatibility forms and drops NUL, control characters and unpaired surrogates", () => {
    expect(normaliseQuery("  Replacement   FILTER ")).toBe("replacement filter");
    expect(normaliseQuery("ｒｏ６００")).toBe("ro600");
    expect(normaliseQuery("ro\u0000600\uD800x")).toBe("ro 600 x");
    expect(normaliseQuery("x".repeat(150))).toHaveLength(100);
  });

  it("keeps only letters and digits as words, at most eight", () => {
    expect(queryWords("tds & pen:* !ro")).toEqual(["tds", "pen", "ro"]);
    expect(queryWords("a b c d e f g h i j")).toHaveLength(8);
  });

  it("reads an order's short number and a serial", () => {
    expect(orderNumberPrefix("#5e461c55")).toBe("5e461c55");
    expect(orderNumberPrefix("5e461c55")).toBe("5e461c55");
    expect(orderNumberPrefix("deadbeef")).toBeNull();
    expect(orderNumberPrefix("filter")).toBeNull();
    expect(serialPart("ro6-12345")).toBe("RO6-12345");
    expect(serialPart("replacement filter")).toBeNull();
  });

  it("keeps e-mails, phones, order numbers and serials out of the log, and words in", () => {
    for (const query of [
      "ana@example.com",
      "+1 (713) 555-0100",
      "713-555-0100",
      "#5e461c55",
      "5e461c55",
      "ro6-12345",
      "0b0e3b6a-3c1d-4a5e-9f1a-2b3c4d5e6f70",
    ]) {
      expect(isPrivateQuery(normaliseQuery(query)), query).toBe(true);
    }
    for (const query of ["replacement filter", "ro600", "lw-ro600", "ro 600", "how often change filter", "tds pen"]) {
      expect(isPrivateQuery(normaliseQuery(query)), query).toBe(false);
    }
  });
});
