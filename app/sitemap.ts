import type { MetadataRoute } from "next";
import { env } from "@/lib/config/env";
import { PUBLIC_PAGES } from "@/lib/config/routes";

export default function sitemap(): MetadataRoute.Sitemap {
  return PUBLIC_PAGES.map((page) => ({
    url: `${env.SITE_URL}${page.path === "/" ? "" : page.path}`,
    changeFrequency: "weekly",
    priority: page.priority,
  }));
}
