import "server-only";
import { subscribeAfterSale } from "@/lib/server/after-sale/subscriptions";
import { subscribeAuth } from "@/lib/server/auth/subscriptions";
import { markDomainsWired } from "@/lib/server/events/registry";
import { subscribeFilterShipmentsToOrders } from "@/lib/server/filter-shipments/subscriptions";
import { subscribeMemberships } from "@/lib/server/memberships/subscriptions";
import { subscribePurifiersToOrders } from "@/lib/server/purifiers/subscriptions";
import { subscribeReports } from "@/lib/server/reports/subscriptions";
import { subscribeSearchToCatalog } from "@/lib/server/search/subscriptions";

/**
 * Subscribes every domain to what the domains below it announce or ask (lib/server/events). Idempotent:
 * each subscriber has a name, so wiring twice changes nothing. The order is the order handlers run
 * in: a delivered order registers its purifiers before their filter schedule moves on.
 */
export function wireDomains(): void {
  subscribeAuth();
  subscribeMemberships();
  subscribePurifiersToOrders();
  subscribeFilterShipmentsToOrders();
  subscribeAfterSale();
  subscribeReports();
  subscribeSearchToCatalog();
  markDomainsWired();
}
