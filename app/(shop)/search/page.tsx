import type { Metadata } from "next";
import { cookies } from "next/headers";
import { connection } from "next/server";
import { COOKIES } from "@/lib/config/store";
import type { SearchParams } from "@/lib/schemas/paging";
import { searchPage, searchViewer } from "@/lib/server/search";
import { SEARCH_PAGE_METADATA } from "./_parts/search-metadata";
import { SearchBody } from "./_parts/search-body";

// Site search's own page (docs/api.md Search), a plain GET form, so it works without JavaScript; the
// top bar's combobox opens it with "See all results". Rendered here per request for a visitor with a
// session cookie, whose own orders and purifiers it shows too. Everyone else's query is rewritten
// (next.config.ts) to the page under for/, which is the same for all and served from the cache.

export const metadata: Metadata = SEARCH_PAGE_METADATA;

export default async function SearchPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await connection();
  const token = (await cookies()).get(COOKIES.token)?.value;
  const viewer = await searchViewer(token);
  return <SearchBody params={await searchParams} search={(query) => searchPage(query, viewer)} />;
}
