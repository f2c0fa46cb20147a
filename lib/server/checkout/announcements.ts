import "server-only";
import { domainEvent } from "@/lib/server/events/registry";

// What checkout announces to the domains above it (the console's funnel), in the transaction that
// made the order. Nothing about who: the funnel counts, it does not follow anyone.
export const checkoutAnnouncements = {
  /** A customer turned their cart, or one product ("Buy now"), into an order to pay. */
  placed: domainEvent<{ now: Date }>("checkout.placed"),
};
