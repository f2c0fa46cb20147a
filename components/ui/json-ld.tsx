import { serializeJsonLd } from "@/lib/site/structured-data";

/** Structured data for search engines as an inert script (serializeJsonLd escapes what could close it). */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
