// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { INLINE_PICTURE_MAX_BYTES, inlinePicture, svgDataUri } = await import("./inline-picture");

describe("inlinePicture", () => {
  it("turns a small SVG of ours into a data: address that decodes back to the same picture", () => {
    const src = "/images/hero-purifier.svg";
    const inline = inlinePicture(src);
    expect(inline.startsWith("data:image/svg+xml,")).toBe(true);
    const decoded = decodeURIComponent(inline.slice("data:image/svg+xml,".length));
    const original = readFileSync(`public${src}`, "utf8")
      .replace(/\s*[\r\n]+\s*/g, " ")
      .trim();
    expect(decoded).toBe(original);
    // Nothing that would end the attribute or the address is left as it is.
    expect(inline).not.toMatch(/[<>"#]/);
  });

  it("keeps the address of a missing file and of anything outside /public", () => {
    expect(inlinePicture("/images/no-such-picture.svg")).toBe("/images/no-such-picture.svg");
    expect(inlinePicture("/images/../../package.json")).toBe("/images/../../package.json");
    expect(inlinePicture("https://example.com/a.svg")).toBe("https://example.com/a.svg");
    expect(inlinePicture("/images/photo.png")).toBe("/images/photo.png");
  });

  it("inlines a picture at the limit and keeps the address of one a byte above", () => {
    const svgOf = (bytes: number) => `<svg>${"a".repeat(bytes - 11)}</svg>`;
    expect(inlinePicture("/at-limit.svg", () => svgOf(INLINE_PICTURE_MAX_BYTES))).toBe(svgDataUri(svgOf(INLINE_PICTURE_MAX_BYTES)));
    expect(inlinePicture("/above-limit.svg", () => svgOf(INLINE_PICTURE_MAX_BYTES + 1))).toBe("/above-limit.svg");
  });
});
