import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { orders, type OrderRow } from "@/lib/db/schema";
import type { OrderStatusValue } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/base/errors";
import { PAYMENT_MESSAGES } from "@/lib/server/payments";
import { lockedOrder } from "./lookups";
import { ORDER_MESSAGES } from "./messages";

// The order's life, in one place: which status may follow which, and what a customer or operator
// may do in each. The API refuses with these rules, the order view hands them to the pages, and
// moveOrder (and reopenRefunded, its one way back) is the only code that writes an order's status.
//
//   pending_payment → paid → shipped → delivered
//          ↓           ↓        ↓          ↓
//      cancelled   cancelled  refunded  refunded     (paid → refunded too: a full after-sale refund)
//
// One way back: an order "refunded" whose refund failed afterwards (or whose dispute the shop won)
// is no longer refunded in full, and returns to the step it had reached (reopenRefunded).

const NEXT: Readonly<Record<OrderStatusValue, readonly OrderStatusValue[]>> = {
  pending_payment: ["paid", "cancelled"],
  paid: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

/** The statuses from which `to` can be reached. */
function statusesBefore(to: OrderStatusValue): OrderStatusValue[] {
  return (Object.keys(NEXT) as OrderStatusValue[]).filter((from) => NEXT[from].includes(to));
}

/** The payment went through and the order goes on: paid, shipped or delivered. */
export function paymentReceived(status: OrderStatusValue): boolean {
  return status === "paid" || status === "shipped" || status === "delivered";
}

/** Nothing more will happen to it: cancelled or refunded. */
export function isClosed(status: OrderStatusValue): boolean {
  return NEXT[status].length === 0;
}

/** Before shipment an order can be cancelled (a paid one is refunded). */
export function canCancel(status: OrderStatusValue): boolean {
  return NEXT[status].includes("cancelled");
}

/** Before shipment the address can change; the shipping option only before payment (see editOrder). */
export function canEdit(status: OrderStatusValue): boolean {
  return status === "pending_payment" || status === "paid";
}

/** Changing the shipping option changes the total, so only an unpaid order may. */
export function canChangeShippingMethod(status: OrderStatusValue): boolean {
  return status === "pending_payment";
}

export function canPay(order: Pick<OrderRow, "status" | "expiresAt">, now: Date): boolean {
  return order.status === "pending_payment" && (order.expiresAt === null || order.expiresAt > now);
}

export function canShip(status: OrderStatusValue): boolean {
  return NEXT[status].includes("shipped");
}

export function canDeliver(status: OrderStatusValue): boolean {
  return NEXT[status].includes("delivered");
}

/** Goods on their way or arrived can be returned, exchanged or repaired. */
export function canApplyAfterSale(status: OrderStatusValue): boolean {
  return status === "shipped" || status === "delivered";
}

/**
 * Why `order` cannot be paid now, as the customer is told; nothing when it can. An order that ships
 * something must also have a shipping address: the tax and the parcel depend on it. An order with
 * nothing to ship (no shipping method) needs none.
 */
export function assertPayable(
  order: Pick<OrderRow, "status" | "expiresAt" | "cancelReason" | "shippingAddress" | "shippingMethod">,
  now: Date,
): void {
  if (paymentReceived(order.status)) throw new AppError(409, PAYMENT_MESSAGES.alreadyPaid);
  if (order.status === "cancelled") {
    throw new AppError(409, order.cancelReason === "expired" ? PAYMENT_MESSAGES.expired : PAYMENT_MESSAGES.cancelled);
  }
  if (order.status !== "pending_payment") throw new AppError(409, PAYMENT_MESSAGES.closed);
  if (!canPay(order, now)) throw new AppError(409, PAYMENT_MESSAGES.expired);
  if (order.shippingMethod !== null && !order.shippingAddress) {
    throw new AppError(422, `shippingAddress: ${PAYMENT_MESSAGES.needsAddress}`, [
      { path: "shippingAddress", message: PAYMENT_MESSAGES.needsAddress },
    ]);
  }
}

export function assertCancellable(status: OrderStatusValue): void {
  if (!canCancel(status)) throw new AppError(409, ORDER_MESSAGES.notCancellable(status));
}

/**
 * Locks an order's row until `tx` ends, so no other transition, payment or sweep can change it
 * meanwhile. With `ownerId`, another customer's order is answered exactly like one that does not
 * exist: 404.
 */
export async function lockOrder(tx: Transaction, orderId: string, ownerId?: string): Promise<OrderRow> {
  const order = await lockedOrder(tx, orderId, ownerId);
  if (!order) throw new AppError(404, ORDER_MESSAGES.notFound);
  return order;
}

/** The columns that come with a status: when it was reached, and what goes with it. */
type StatusFields = Partial<
  Pick<
    OrderRow,
    "paidAt" | "shippedAt" | "deliveredAt" | "cancelledAt" | "cancelReason" | "carrier" | "trackingNumber" | "expiresAt" | "refundedCents"
  >
>;

/**
 * Moves orders to `to` if their status allows it (checked in the UPDATE itself, so of two writers
 * racing for one order only one moves it) and answers the rows it moved. `where` narrows which
 * orders: one id, or the expiry sweep's condition.
 */
export async function moveOrders(
  tx: Transaction,
  to: OrderStatusValue,
  where: Parameters<typeof and>[number],
  fields: StatusFields = {},
): Promise<OrderRow[]> {
  return tx
    .update(orders)
    .set({ ...fields, status: to, updatedAt: new Date() })
    .where(and(inArray(orders.status, statusesBefore(to)), where))
    .returning();
}

/**
 * A "refunded" order whose refund did not reach the card (or whose dispute the shop won) returns to
 * the step it had reached: delivered, shipped or paid, by its own dates. The only move out of
 * "refunded"; the caller holds the order's lock and has lowered its refunded amount.
 */
export async function reopenRefunded(tx: Transaction, orderId: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== "refunded") return null;
  const back: OrderStatusValue = order.deliveredAt ? "delivered" : order.shippedAt ? "shipped" : "paid";
  const [moved] = await tx
    .update(orders)
    .set({ status: back, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, "refunded")))
    .returning();
  return moved ?? null;
}

/**
 * Moves one order, already locked by the caller, to `to`. A status that does not allow it is a
 * programming error here: the caller checked the rule (canShip, canCancel, …) with a message first.
 */
export async function moveOrder(tx: Transaction, orderId: string, to: OrderStatusValue, fields: StatusFields = {}): Promise<OrderRow> {
  const [moved] = await moveOrders(tx, to, eq(orders.id, orderId), fields);
  if (!moved) throw new Error(`Order ${orderId} cannot become ${to} from its current status`);
  return moved;
}
