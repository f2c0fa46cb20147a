import { describe, expect, it } from "vitest";
import { nearView } from "./near-view";

describe("nearView", () => {
  it("skips a block's layout with its measured heights standing in", () => {
    expect(nearView({ phone: 931, desk: 607 })).toEqual({
      className: "render-near-view",
      style: { "--near-view-phone": "931px", "--near-view-desk": "607px" },
    });
  });

  it("lays out a block without an estimate with the page", () => {
    expect(nearView(undefined)).toEqual({ className: "" });
  });
});
