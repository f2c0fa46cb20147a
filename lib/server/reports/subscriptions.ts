import "server-only";
import { cartAnnouncements } from "@/lib/server/cart/announcements";
import { checkoutAnnouncements } from "@/lib/server/checkout/announcements";
import { orderAnnouncements } from "@/lib/server/orders/announcements";
import { recordFunnelStep } from "./funnel";

/** The funnel's three steps, each counted in the transaction that took it: lib/server/wiring calls this once per process. */
export function subscribeReports(): void {
  cartAnnouncements.started.subscribe("reports: funnel", (tx, { now }) => recordFunnelStep(tx, "cart_started", now));
  checkoutAnnouncements.placed.subscribe("reports: funnel", (tx, { now }) => recordFunnelStep(tx, "checkout", now));
  orderAnnouncements.paid.subscribe("reports: funnel", (tx, { now }) => recordFunnelStep(tx, "paid", now));
}
