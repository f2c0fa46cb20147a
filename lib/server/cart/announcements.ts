import "server-only";
import { domainEvent } from "@/lib/server/events/registry";

// What the cart announces to the domains above it (the console's funnel), in the transaction of
// the change. Nothing about who: the funnel counts, it does not follow anyone.
export const cartAnnouncements = {
  /** A customer's empty cart got its first line. */
  started: domainEvent<{ now: Date }>("cart.started"),
};
