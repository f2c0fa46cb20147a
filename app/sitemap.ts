import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { env } from "@/lib/config/env";
import { PUBLIC_PAGES, productPath } from "@/lib/config/routes";
import { listedSkus } from "@/lib/server/catalog";

// Product pages come and go with the catalogue, so the sitemap is built per request (the build
// has no database).
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const url = (path: string) => `${env.SITE_URL}${path === "/" ? "" : path}`;
  const products = await listedSkus();
  return [
    ...PUBLIC_PAGES.map((page) => ({ url: url(page.path), changeFrequency: "weekly" as const, priority: page.priority })),
    ...products.map((product) => ({
      url: url(productPath(product.sku)),
      lastModified: product.updatedAt,
      changeFrequency: "weekly" as const,
      priority: 0.7,
    })),
  ];
}
