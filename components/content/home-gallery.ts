import type { CarouselImage } from "@/components/ui/carousel";
import type { ShelfItem } from "@/lib/schemas/merchandise";

// What the home carousel says about each of the purifier's three pictures, in the order of its
// image list (lib/db/seed/catalogue.ts): the alt text describes the picture, the caption names it.
const PURIFIER_VIEWS = [
  { alt: "The Lenwell RO600 purifier filling a glass of water", caption: "The RO600 filling a glass" },
  {
    alt: "The RO600 seen from the side with its panel open, showing the three filter cartridges",
    caption: "Three cartridges behind the side panel",
  },
  {
    alt: "The RO600 on a kitchen counter in front of a tiled backsplash, a glass carafe of water beside it",
    caption: "On the counter, no plumbing",
  },
] as const;

/**
 * The home carousel's slides: the purifier's pictures, then one per filter. Every slide has a
 * caption, so the cards read alike and stand the same height (a picture the operator adds beyond
 * the three described ones is captioned with the purifier's name).
 */
export function homeGallery(purifier: ShelfItem | null, filters: readonly ShelfItem[]): CarouselImage[] {
  const purifierSlides = (purifier?.image ?? []).map((src, index) => {
    const view = PURIFIER_VIEWS[index];
    return { src, alt: view?.alt ?? purifier?.name ?? "", caption: view?.caption ?? purifier?.name ?? "" };
  });
  const filterSlides = filters.map((item) => ({ src: item.image[0] ?? "", alt: item.name, caption: item.name }));
  return [...purifierSlides, ...filterSlides].filter((slide) => slide.src && slide.caption);
}
