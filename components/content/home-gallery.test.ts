// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { DEMO_CATALOGUE, type CatalogueEntry } from "@/lib/db/seed/catalogue";
import { PURIFIER_SKU } from "@/lib/config/store";
import type { ShelfItem } from "@/lib/schemas/merchandise";
import { homeGallery } from "./home-gallery";

const shelfItem = (entry: CatalogueEntry): ShelfItem => ({
  skuNum: entry.skuNum,
  name: entry.name,
  subtitle: entry.subtitle,
  category: entry.category,
  image: entry.image,
  attributes: entry.attributes,
  spec: entry.spec,
  originalPrice: "0.00",
  discountPrice: "0.00",
  memberPrice: null,
  onePerCustomer: false,
  description: entry.description,
});

const purifier = shelfItem(DEMO_CATALOGUE.find((entry) => entry.skuNum === PURIFIER_SKU) ?? DEMO_CATALOGUE[0]!);
const filters = DEMO_CATALOGUE.filter((entry) => entry.category === "filter").map(shelfItem);

describe("homeGallery (the home page carousel)", () => {
  it("captions every slide of the demo catalogue: three purifier views, then each filter by name", () => {
    const slides = homeGallery(purifier, filters);
    expect(slides).toHaveLength(purifier.image.length + filters.length);
    expect(slides.map((slide) => slide.caption)).toEqual([
      "The RO600 filling a glass",
      "Three cartridges behind the side panel",
      "On the counter, no plumbing",
      ...filters.map((item) => item.name),
    ]);
    for (const slide of slides) expect(slide.alt).not.toBe("");
  });

  it("captions a purifier picture beyond the described three with the purifier's name", () => {
    const slides = homeGallery({ ...purifier, image: [...purifier.image, "/images/products/extra.svg"] }, []);
    expect(slides.at(-1)).toEqual({ src: "/images/products/extra.svg", alt: purifier.name, caption: purifier.name });
  });

  it("leaves out a product without a picture rather than showing an empty card", () => {
    const slides = homeGallery(null, [{ ...filters[0]!, image: [] }, filters[1]!]);
    expect(slides.map((slide) => slide.caption)).toEqual([filters[1]!.name]);
  });
});
