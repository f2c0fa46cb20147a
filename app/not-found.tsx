import type { Metadata } from "next";
import { PageNotFound } from "@/components/ui/page-not-found";
import { PlainSearchForm } from "@/components/search/search-form";
import { NOT_FOUND_METADATA } from "@/lib/site/seo";

export const metadata: Metadata = NOT_FOUND_METADATA;

export default function NotFound() {
  // A plain form drawn on the server: this page is part of every page's payload, so a field with
  // code of its own would load that code on every page. The top bar's field is the combobox.
  return <PageNotFound search={<PlainSearchForm variant="page" />} />;
}
