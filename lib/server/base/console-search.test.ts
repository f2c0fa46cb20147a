// @vitest-environment node
import { describe, expect, it } from "vitest";
import { escapeLike, parseConsoleSearch } from "./console-search";

const ID = "5e461c55-0b2a-4c1d-8e9f-0123456789ab";

describe("parseConsoleSearch", () => {
  it("reads a '#' number in any case as a range of ids only", () => {
    const range = { from: "5e461c55-0000-0000-0000-000000000000", to: "5e461c55-ffff-ffff-ffff-ffffffffffff" };
    for (const typed of ["#5E461C55", "#5e461c55", " # 5E461C55 "]) {
      expect(parseConsoleSearch(typed), typed).toEqual({ idRange: range, contains: null });
    }
  });

  it("reads a full id as that id alone", () => {
    expect(parseConsoleSearch(ID.toUpperCase())).toEqual({ idRange: { from: ID, to: ID }, contains: null });
  });

  it("reads hex digits without '#' as the start of an id or part of an e-mail or name", () => {
    expect(parseConsoleSearch("5E461C55")).toEqual({
      idRange: { from: "5e461c55-0000-0000-0000-000000000000", to: "5e461c55-ffff-ffff-ffff-ffffffffffff" },
      contains: "%5e461c55%",
    });
    expect(parseConsoleSearch("5e461c55-0b")?.idRange).toEqual({
      from: "5e461c55-0b00-0000-0000-000000000000",
      to: "5e461c55-0bff-ffff-ffff-ffffffffffff",
    });
  });

  it("reads anything else as text, and too few digits as text too", () => {
    expect(parseConsoleSearch("Ada Park")).toEqual({ idRange: null, contains: "%ada park%" });
    expect(parseConsoleSearch("abc")).toEqual({ idRange: null, contains: "%abc%" });
    expect(parseConsoleSearch("#zz")).toEqual({ idRange: null, contains: "%#zz%" });
    expect(parseConsoleSearch(`${ID}0`)).toEqual({ idRange: null, contains: `%${ID}0%` });
  });

  it("searches nothing for an empty query", () => {
    expect(parseConsoleSearch(undefined)).toBeNull();
    expect(parseConsoleSearch("   ")).toBeNull();
  });
});

describe("escapeLike", () => {
  it("makes LIKE's wildcards and its escape character literal", () => {
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
  });
});
