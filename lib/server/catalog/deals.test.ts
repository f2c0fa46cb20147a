import { describe, expect, it } from "vitest";
import type { ShelfItem } from "@/lib/schemas/merchandise";
import { dealsOf } from "./deals";

const item = (skuNum: string, originalPrice: string, discountPrice: string): ShelfItem => ({
  skuNum,
  name: skuNum,
  subtitle: "",
  category: "accessory",
  image: [],
  attributes: "",
  spec: [],
  originalPrice,
  discountPrice,
  memberPrice: null,
  onePerCustomer: false,
  description: "",
});

describe("dealsOf", () => {
  it("keeps discounted items only, biggest saving in percent first, then in dollars", () => {
    const deals = dealsOf([
      item("FULL", "10.00", "10.00"),
      item("TEN", "100.00", "90.00"),
      item("HALF", "20.00", "10.00"),
      item("TEN-BIG", "1000.00", "900.00"),
      item("FREE", "0.00", "0.00"),
    ]);
    expect(deals.map((deal) => [deal.merchandise.skuNum, deal.savingCents, deal.savingPercent])).toEqual([
      ["HALF", 1000, 50],
      ["TEN-BIG", 10000, 10],
      ["TEN", 1000, 10],
    ]);
  });
});
