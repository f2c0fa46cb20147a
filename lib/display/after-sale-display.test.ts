import { describe, expect, it } from "vitest";
import { AFTER_SALE_STATUSES } from "@/lib/config/after-sale";
import { AFTER_SALE_FILTERS, afterSaleEventLabel, afterSaleEventNote, afterSaleNumber, afterSaleTitle } from "./after-sale-display";

describe("how after-sale requests read", () => {
  it("shows the return address once: not again under the approval step", () => {
    expect(afterSaleEventNote({ type: "approved", note: "Lenwell Service Centre, 1200 Main Street, Houston, TX 77002" })).toBeNull();
    expect(afterSaleEventNote({ type: "refunded", note: "$61.62" })).toBe("$61.62");
    expect(afterSaleEventNote({ type: "rejected", note: "Outside the warranty" })).toBe("Outside the warranty");
  });

  it("offers All and then every status the API knows in the filter", () => {
    expect(AFTER_SALE_FILTERS.map((filter) => filter.status)).toEqual([null, ...AFTER_SALE_STATUSES]);
  });

  it("names known steps in words and still reads an unknown one as a phrase", () => {
    expect(afterSaleEventLabel("received")).toBe("Goods received by Lenwell");
    expect(afterSaleEventLabel("refunded")).toBe("Refund issued");
    expect(afterSaleEventLabel("quote_sent")).toBe("Quote sent");
    expect(afterSaleEventLabel("__")).toBe("Update");
  });

  it("gives the short number support asks for and a one-line title", () => {
    expect(afterSaleNumber("9b1d2c3e-4f5a-4b6c-8d7e-0a1b2c3d4e5f")).toBe("9B1D2C3E");
    expect(afterSaleTitle({ type: "repair", quantity: 1, name: "Lenwell RO600" })).toBe("Repair of 1 × Lenwell RO600");
  });
});
