import "server-only";
import { catalogAnnouncements } from "@/lib/server/catalog/announcements";
import { reindexProduct } from "./documents";

/** The index follows the catalogue, in the transaction of each change: lib/server/wiring calls this once per process. */
export function subscribeSearchToCatalog(): void {
  catalogAnnouncements.productChanged.subscribe("search: product index", (tx, { sku }) => reindexProduct(tx, sku));
}
