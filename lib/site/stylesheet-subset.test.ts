// @vitest-environment node
import { readFileSync } from "node:fs";
import path from "node:path";
import tailwind from "@tailwindcss/postcss";
import fc from "fast-check";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { classesInHtml, classesNeeded, stylesheetSubset } from "./stylesheet-subset";

const SHEET =
  "/*! tailwindcss */@layer properties;@layer theme,base,components,utilities;" +
  "@layer theme{:root{--color-ink:#14212b}}" +
  "@layer base{*,:after,:before{box-sizing:border-box}a{color:inherit}}" +
  "@layer utilities{.flex{display:flex}.hidden{display:none}.px-4{padding-inline:1rem}" +
  ".w-\\[calc\\(100\\%-2rem\\)\\]{width:calc(100% - 2rem)}.\\32 xl\\:block{display:block}" +
  ".group:hover .group-hover\\:underline{text-decoration:underline}" +
  ":where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}" +
  '.content-\\[\\"\\{\\}\\"\\]{--tw-content:"{}";content:var(--tw-content)}' +
  "@media (min-width:51.3125rem){.desk\\:flex{display:flex}.desk\\:px-6{padding-inline:1.5rem}}" +
  "@media (hover:hover){.hover\\:underline:hover{text-decoration:underline}}}" +
  '@property --tw-content{syntax:"*";inherits:false;initial-value:""}' +
  "@keyframes spin{to{transform:rotate(360deg)}}";

describe("classesNeeded", () => {
  it("reads escaped names as the page writes them, and needs no class inside parentheses", () => {
    expect(classesNeeded(".w-\\[calc\\(100\\%-2rem\\)\\]")).toEqual(["w-[calc(100%-2rem)]"]);
    expect(classesNeeded(".\\32 xl\\:block")).toEqual(["2xl:block"]);
    expect(classesNeeded(".group:hover .group-hover\\:underline")).toEqual(["group", "group-hover:underline"]);
    expect(classesNeeded(":where(.space-y-2>:not(:last-child))")).toEqual([]);
    expect(classesNeeded(".peer:not(.is-open)~.x")).toEqual(["peer", "x"]);
    expect(classesNeeded('[data-x="a.b"] .y')).toEqual(["y"]);
  });
});

describe("stylesheetSubset", () => {
  it("keeps every layer but the utilities whole, and of the utilities those whose classes the page has", () => {
    const subset = stylesheetSubset(SHEET, new Set(["flex", "desk:px-6", "2xl:block"]));
    expect(subset).toBe(
      "/*! tailwindcss */@layer properties;@layer theme,base,components,utilities;" +
        "@layer theme{:root{--color-ink:#14212b}}" +
        "@layer base{*,:after,:before{box-sizing:border-box}a{color:inherit}}" +
        "@layer utilities{.flex{display:flex}.\\32 xl\\:block{display:block}" +
        ":where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}" +
        "@media (min-width:51.3125rem){.desk\\:px-6{padding-inline:1.5rem}}}" +
        '@property --tw-content{syntax:"*";inherits:false;initial-value:""}' +
        "@keyframes spin{to{transform:rotate(360deg)}}",
    );
  });

  it("is the whole sheet for a page that uses every class, and the sheet's rules in its order for any page", () => {
    const names = ["flex", "hidden", "px-4", "w-[calc(100%-2rem)]", "2xl:block", "group", "group-hover:underline"];
    const all = [...names, 'content-["{}"]', "desk:flex", "desk:px-6", "hover:underline"];
    expect(stylesheetSubset(SHEET, new Set(all))).toBe(SHEET);
    fc.assert(
      fc.property(fc.subarray(all), (used) => {
        const subset = stylesheetSubset(SHEET, new Set(used));
        // Every kept rule is one of the sheet's, in the sheet's order: each is found after the last.
        let at = 0;
        for (const rule of subset.split("}").filter(Boolean)) {
          const found = SHEET.indexOf(rule.slice(rule.lastIndexOf("{") === -1 ? 0 : rule.lastIndexOf("{")), at);
          expect(found).toBeGreaterThanOrEqual(at);
          at = found;
        }
        for (const name of used) expect(stylesheetSubset(SHEET, new Set([name])).length).toBeLessThanOrEqual(subset.length);
      }),
    );
  });

  it("reads the shop's own sheet, and a page of the top bar's classes needs well under the whole of it", async () => {
    // Compiled as the build's loader does (scripts/build/inline-stylesheet-loader.cjs).
    const { css: shopSheet } = await postcss([tailwind({ optimize: { minify: true } })]).process(readFileSync("app/shop.pcss", "utf8"), {
      from: path.resolve("app/shop.pcss"),
    });
    const used = classesInHtml(
      '<header class="sticky top-0 z-40 border-b border-line bg-white"><a class="inline-flex h-11 items-center desk:px-6 hover:bg-brand-50">x</a></header>',
    );
    const subset = stylesheetSubset(shopSheet, used);
    expect(subset).toContain(".sticky{position:sticky}");
    expect(subset).toContain("desk\\:px-6");
    expect(subset).not.toContain(".rounded-2xl{");
    expect(subset.length).toBeLessThan(shopSheet.length * 0.5);
    expect(stylesheetSubset(shopSheet, new Set())).toContain("@font-face");
  });
});

describe("classesInHtml", () => {
  it("takes each class attribute's names, entities decoded", () => {
    expect(
      [
        ...classesInHtml('<div class="a  b"><input class="[&amp;::-webkit-search-cancel-button]:appearance-none"/><p class="">x</p>'),
      ].sort(),
    ).toEqual(["[&::-webkit-search-cancel-button]:appearance-none", "a", "b"]);
  });
});
