import type { Metadata } from "next";
import { NotFoundPage } from "@/components/ui/page-not-found";
import { NOT_FOUND_METADATA } from "@/lib/site/seo";

// Every address under /deals but /deals itself is a 404. Answered here rather than by the shared
// 404 page, which is rendered once for every unknown address and so shows the top bar, which the
// spec hides under /deals: here the top bar sees this address on the server too.

export const metadata: Metadata = NOT_FOUND_METADATA;

// Rendered on demand and cached like a product page (nothing at build), so NotFoundPage's status holds.
export function generateStaticParams(): { path: string[] }[] {
  return [];
}

export default function DealsNotFound() {
  return <NotFoundPage />;
}
