import "server-only";
import type { ShipSerials } from "@/lib/schemas/purifier";
import { domainEvent } from "@/lib/server/events/registry";
import type { EventActor } from "./events";

// What an order announces to the domains above it (memberships, purifiers, filter shipments), in
// the transaction of the change. The orders service never imports them: lib/server/wiring
// subscribes them here. docs/decisions/0035-domains-depend-one-way.md has the map.

type OrderLine = { sku: string; quantity: number };

export const orderAnnouncements = {
  /**
   * Before a customer's payment is sent to the provider: a subscriber may refuse the order's lines
   * (throw), or answer that the card must be kept whatever the customer chose (a membership renews
   * on the card that paid for it).
   */
  charging: domainEvent<{ userId: string; orderId: string; lines: readonly OrderLine[]; now: Date }, "keep-card">("order.charging"),
  /**
   * A payment arrived for an order still awaiting it, before the order is marked paid. An order that
   * pays for something already running answers: "renewed" (it took the payment as its own, and
   * sends its own receipt) or "ended" (it no longer waits for this payment, which goes back).
   */
  paymentArrived: domainEvent<{ orderId: string; paymentId: string; paymentMethodId: string | null }, "renewed" | "ended">(
    "order.payment-arrived",
  ),
  /** The order was just paid (not a renewal): what it bought starts. */
  paid: domainEvent<{ orderId: string; now: Date; paymentMethodId: string | null }>("order.paid"),
  /**
   * A paid order is being cancelled: what it bought beyond goods ends under its own rule, and the
   * answer is the cents that rule gives back (the goods' refund is the order's own).
   */
  cancelling: domainEvent<{ orderId: string; by: EventActor; now: Date }, number>("order.cancelling"),
  /** Money went back (a refund or a lost dispute) on plan lines of the order: those plans end. */
  planLinesRefunded: domainEvent<{ orderId: string; skus: readonly string[]; how: "refund" | "dispute"; now: Date }>(
    "order.plan-lines-refunded",
  ),
  /** The operator ships the order with these serials for its purifier lines (a subscriber may refuse them). */
  shipping: domainEvent<{ orderId: string; serials: ShipSerials }>("order.shipping"),
  /** The order was delivered: what it carried reaches the customer's home. */
  delivered: domainEvent<{ orderId: string; userId: string; now: Date }>("order.delivered"),
};
