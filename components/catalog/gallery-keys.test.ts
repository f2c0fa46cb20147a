// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { galleryIndexForKey } from "./gallery-keys";

describe("galleryIndexForKey", () => {
  it("moves one picture right and left, wrapping at both ends", () => {
    expect(galleryIndexForKey("ArrowRight", 0, 3)).toBe(1);
    expect(galleryIndexForKey("ArrowRight", 2, 3)).toBe(0);
    expect(galleryIndexForKey("ArrowLeft", 1, 3)).toBe(0);
    expect(galleryIndexForKey("ArrowLeft", 0, 3)).toBe(2);
  });

  it("jumps to the first and last picture with Home and End", () => {
    expect(galleryIndexForKey("Home", 2, 3)).toBe(0);
    expect(galleryIndexForKey("End", 0, 3)).toBe(2);
  });

  it("leaves other keys, and a gallery of one picture, to the browser", () => {
    expect(galleryIndexForKey("Enter", 0, 3)).toBeNull();
    expect(galleryIndexForKey("ArrowDown", 0, 3)).toBeNull();
    expect(galleryIndexForKey("ArrowRight", 0, 1)).toBeNull();
  });
});
