// @vitest-environment node
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SHOP_FONT_URL } from "./font";

describe("the shop's font file", () => {
  it("is named after its content, so a year-long cache never serves an old file under a new name", () => {
    const bytes = readFileSync(`public${SHOP_FONT_URL}`);
    const hash = createHash("sha256").update(bytes).digest("hex");
    expect(SHOP_FONT_URL).toMatch(/^\/fonts\/inter-latin-wght\.([0-9a-f]{10})\.woff2$/);
    expect(SHOP_FONT_URL).toContain(`.${hash.slice(0, 10)}.`);
  });

  it("is the file the stylesheet's @font-face loads (the one the layout preloads)", () => {
    const stylesheet = readFileSync("app/shop.pcss", "utf8");
    expect(stylesheet).toContain(`url("${SHOP_FONT_URL}")`);
  });
});
