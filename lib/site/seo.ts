import type { Metadata } from "next";
import { productPath } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";

interface PageMetaInput {
  title: string;
  description: string;
  /** The page's own path; becomes the canonical URL (resolved against metadataBase). */
  path: string;
}

// Link previews use the PNG card rendered by app/opengraph-image.tsx: social sites do not show SVG.
export const PREVIEW_IMAGE = {
  url: "/opengraph-image",
  width: 1200,
  height: 630,
  alt: "Lenwell: clean water from your tap, no bottles",
};

/** A product's PNG link preview (app/(shop)/mart/detail/[sku]/opengraph-image/route.tsx): its picture, name and price. */
export function productPreviewImage(item: { skuNum: string; name: string }) {
  return {
    url: `${productPath(item.skuNum)}/opengraph-image`,
    width: PREVIEW_IMAGE.width,
    height: PREVIEW_IMAGE.height,
    alt: item.name,
  };
}

/**
 * The 404 page's title. No robots entry: Next writes `noindex` into every answer with the 404
 * status itself, and a second tag of ours would repeat it (e2e/not-found.spec.ts).
 */
export const NOT_FOUND_TITLE = "Page not found";

export const NOT_FOUND_METADATA: Metadata = {
  title: NOT_FOUND_TITLE,
};

/** Title, description, canonical URL and Open Graph/Twitter cards for one page. */
export function pageMetadata({ title, description, path }: PageMetaInput): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: {
      type: "website",
      siteName: STORE_NAME,
      locale: "en_US",
      title,
      description,
      url: path,
      images: [PREVIEW_IMAGE],
    },
    twitter: {
      card: "summary_large_image",
      title,
      description,
      images: [PREVIEW_IMAGE.url],
    },
  };
}
