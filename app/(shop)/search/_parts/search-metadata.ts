import type { Metadata } from "next";
import { ROUTES } from "@/lib/config/routes";
import { pageMetadata } from "@/lib/site/seo";

/** Both forms of the page name /search as their address. Not for search engines: every query would be a page of its own. */
export const SEARCH_PAGE_METADATA: Metadata = {
  ...pageMetadata({
    title: "Search",
    description: "Search the Lenwell shop: products, answers, and your own orders and purifiers.",
    path: ROUTES.search,
  }),
  robots: { index: false, follow: true },
};
