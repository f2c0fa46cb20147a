import "server-only";
import { DEMO_CATALOGUE, type CatalogueEntry } from "@/lib/db/seed/catalogue";
import { centsToAmount } from "@/lib/money";
import type { Merchandise } from "@/lib/schemas/merchandise";

// The catalogue service. Until the catalogue moves into the database (the buying slice), it reads
// the seed file, which is the same data the database will be seeded with.

function toMerchandise(entry: CatalogueEntry): Merchandise {
  return {
    skuNum: entry.skuNum,
    name: entry.name,
    subtitle: entry.subtitle,
    category: entry.category,
    image: entry.image,
    attributes: entry.attributes,
    spec: entry.spec,
    originalPrice: centsToAmount(entry.originalPriceCents),
    discountPrice: centsToAmount(entry.discountPriceCents),
    stock: entry.stock,
    description: entry.description,
  };
}

export async function listMerchandise(category?: string): Promise<Merchandise[]> {
  return DEMO_CATALOGUE.filter((entry) => !category || entry.category === category).map(toMerchandise);
}

export async function getMerchandise(skuNum: string): Promise<Merchandise | null> {
  const entry = DEMO_CATALOGUE.find((item) => item.skuNum === skuNum);
  return entry ? toMerchandise(entry) : null;
}

export interface Deal {
  merchandise: Merchandise;
  savingCents: number;
  savingPercent: number;
}

/** Items whose discounted price is below the original, biggest saving (in percent) first. */
export async function listDeals(): Promise<Deal[]> {
  return DEMO_CATALOGUE.filter((entry) => entry.discountPriceCents < entry.originalPriceCents)
    .map((entry) => {
      const savingCents = entry.originalPriceCents - entry.discountPriceCents;
      return {
        merchandise: toMerchandise(entry),
        savingCents,
        savingPercent: Math.round((savingCents / entry.originalPriceCents) * 100),
      };
    })
    .sort((a, b) => b.savingPercent - a.savingPercent || b.savingCents - a.savingCents);
}
