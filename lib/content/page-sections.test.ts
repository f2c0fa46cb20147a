// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PAGE_SECTIONS, PAGE_SOURCES } from "./page-sections";

// What search sends a visitor to must be on the page: the anchor, and the words search matched.
const oneLine = (text: string) => text.replace(/\s+/g, " ");

describe("the page sections search indexes", () => {
  it("each names an anchor its page has, and quotes its page word for word", () => {
    const missing: string[] = [];
    for (const section of PAGE_SECTIONS) {
      const source = oneLine(readFileSync(PAGE_SOURCES[section.page], "utf8"));
      if (!source.includes(`id="${section.anchor}"`)) missing.push(`${section.page}: no id="${section.anchor}"`);
      for (const quote of section.quotes) if (!source.includes(quote)) missing.push(`${section.page}#${section.anchor}: "${quote}"`);
    }
    expect(missing).toEqual([]);
  });

  it("gives each section of a page its own anchor", () => {
    const keys = PAGE_SECTIONS.map((section) => `${section.path}#${section.anchor}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
