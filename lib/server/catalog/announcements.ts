import "server-only";
import { domainEvent } from "@/lib/server/events/registry";

// What the catalogue announces to the domains above it, in the transaction of the change: site
// search keeps its index of products in step without the catalogue knowing it exists.

export const catalogAnnouncements = {
  /** A product's row changed (an operator's edit, listing or unlisting); read it through `tx` for what it is now. */
  productChanged: domainEvent<{ sku: string }>("catalog.product-changed"),
};
