import type { MetadataRoute } from "next";
import { env } from "@/lib/config/env";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: "*",
        allow: "/",
        disallow: ["/api/", "/account/", "/mart/payment", "/admin"],
      },
    ],
    sitemap: `${env.SITE_URL}/sitemap.xml`,
  };
}
