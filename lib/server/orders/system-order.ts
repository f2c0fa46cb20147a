import "server-only";
import { DEFAULT_SHIPPING_METHOD } from "@/lib/config/shipping";
import type { Transaction } from "@/lib/db/client";
import type { UsAddress } from "@/lib/schemas/auth";
import { SYSTEM_ACTOR } from "./events";
import { insertOrder } from "./insert";
import { reserveStock, type WantedLine } from "./stock";

export interface SystemOrder {
  userId: string;
  lines: readonly WantedLine[];
  address: UsAddress;
  /** Why the shop made it, on the timeline ("Membership filter shipment, due …"). */
  note: string;
  now: Date;
}

/**
 * An order the shop makes for a customer with nothing to pay (a member's scheduled filters), in the
 * caller's transaction: stock reserved like any order (409 when short, and the caller's claim rolls
 * back with it), each line at unit price 0 with its original price kept for display, free UPS
 * Ground, and paid at once (there is nothing to charge, so no payment row). From here the operator
 * ships it like any order, and the customer finds it under Orders.
 */
export async function createSystemOrder(tx: Transaction, order: SystemOrder): Promise<string> {
  const reserved = await reserveStock(tx, order.lines);
  return insertOrder(
    tx,
    {
      userId: order.userId,
      status: "paid",
      subtotalCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
      shippingMethod: DEFAULT_SHIPPING_METHOD,
      shippingAddress: order.address,
      expiresAt: null,
      paidAt: order.now,
    },
    // Free as a shipment of the membership, not at a member price: nothing to say "member prices" about.
    reserved.map(({ product, quantity }) => ({ product, quantity, unitPriceCents: 0, regularPriceCents: 0 })),
    { by: SYSTEM_ACTOR, note: order.note },
  );
}
