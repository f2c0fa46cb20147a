import type { Metadata } from "next";
import { PageNotFound } from "@/components/ui/page-not-found";
import { SearchField } from "@/components/search/search-field";
import { NOT_FOUND_METADATA } from "@/lib/site/seo";

export const metadata: Metadata = NOT_FOUND_METADATA;

export default function NotFound() {
  return <PageNotFound search={<SearchField variant="page" label="Search the shop" />} />;
}
