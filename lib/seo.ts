import type { Metadata } from "next";
import { STORE_NAME } from "@/lib/config/store";

interface PageMetaInput {
  title: string;
  description: string;
  /** The page's own path; becomes the canonical URL (resolved against metadataBase). */
  path: string;
  /** An image under /public for link previews; the site's default card otherwise. */
  image?: { url: string; alt: string };
}

/** Title, description, canonical URL and Open Graph/Twitter cards for one page. */
export function pageMetadata({ title, description, path, image }: PageMetaInput): Metadata {
  const images = image ? [{ url: image.url, alt: image.alt }] : undefined;
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
      ...(images ? { images } : {}),
    },
    twitter: {
      card: "summary_large_image",
      title,
      description,
      ...(images ? { images } : {}),
    },
  };
}
