import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { orders, users, type OrderRow } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/money";
import type { UsAddress } from "@/lib/schemas/auth";
import type { Order, OrderStatusValue, OrderSummary, ShippingMethodValue } from "@/lib/schemas/order";
import { stockMoved } from "@/lib/server/catalog";
import { AppError } from "@/lib/server/http/errors";
import { sendMail } from "@/lib/server/mail/transport";
import { orderCancelledMail } from "@/lib/server/mail/messages";
import { refundOrderPayment } from "@/lib/server/payments";
import { sweepExpiredOrders } from "./expiry";
import { ORDER_MESSAGES } from "./messages";
import { releaseStock } from "./stock";
import { orderTotals, recordEvent, type EventActor } from "./totals";
import { canCancel, canEdit, itemSummaries, toOrderView } from "./view";

// A customer's own orders. Every lookup is by (order id, customer): another customer's order is
// answered exactly like one that does not exist. Expired unpaid orders are swept first, so a
// customer never sees an order holding stock it no longer holds.

function notFound(): AppError {
  return new AppError(404, ORDER_MESSAGES.notFound);
}

async function lockOwnOrder(tx: DbExecutor, userId: string, orderId: string): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for("update");
  if (!order) throw notFound();
  return order;
}

export async function getOrderForCustomer(userId: string, orderId: string): Promise<Order> {
  await sweepExpiredOrders({ userId });
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound();
  return toOrderView(db, order);
}

export interface OrderListQuery {
  status?: OrderStatusValue | undefined;
  page: number;
  pageSize: number;
}

/** Newest first, `pageSize` per page. */
export async function listOrders(userId: string, query: OrderListQuery): Promise<{ list: OrderSummary[]; total: number }> {
  await sweepExpiredOrders({ userId });
  const db = await getDb();
  const where = and(eq(orders.userId, userId), query.status ? eq(orders.status, query.status) : undefined);
  const [counted] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const summaries = await itemSummaries(db, rows.map((row) => row.id));
  return {
    total: counted?.total ?? 0,
    list: rows.map((row) => ({
      orderId: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      total: centsToAmount(row.totalCents),
      itemCount: summaries.get(row.id)?.count ?? 0,
      firstItem: summaries.get(row.id)?.first ?? null,
    })),
  };
}

// Field by field: jsonb hands keys back in its own order, so the serialised forms can differ.
function sameAddress(a: UsAddress, b: UsAddress | null): boolean {
  if (!b) return false;
  return (["fullName", "line1", "line2", "city", "state", "zip"] as const).every((key) => (a[key] ?? "") === (b[key] ?? ""));
}

export interface OrderEdit {
  orderId: string;
  shippingAddress?: UsAddress | undefined;
  shippingMethod?: ShippingMethodValue | undefined;
}

/**
 * Before payment the address and the shipping option can change and the totals are recomputed.
 * After payment (and before shipment) the charged total cannot change without a new charge, so
 * only the address can, and only within the same state (the tax charged depends on the state).
 */
export async function editOrder(userId: string, edit: OrderEdit): Promise<Order> {
  await sweepExpiredOrders({ userId });
  const db = await getDb();
  const by: EventActor = { actor: "customer", userId };
  return db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, edit.orderId);
    if (!canEdit(order.status)) throw new AppError(409, ORDER_MESSAGES.notEditable);
    const address = edit.shippingAddress ?? order.shippingAddress ?? null;
    const method = edit.shippingMethod ?? order.shippingMethod;
    const addressChanged = edit.shippingAddress !== undefined && !sameAddress(edit.shippingAddress, order.shippingAddress ?? null);
    const methodChanged = method !== order.shippingMethod;

    if (order.status === "paid") {
      if (methodChanged) {
        throw new AppError(409, ORDER_MESSAGES.methodAfterPayment, [{ path: "shippingMethod", message: ORDER_MESSAGES.methodAfterPayment }]);
      }
      if (addressChanged && edit.shippingAddress?.state !== order.shippingAddress?.state) {
        throw new AppError(409, ORDER_MESSAGES.stateAfterPayment, [{ path: "shippingAddress.state", message: ORDER_MESSAGES.stateAfterPayment }]);
      }
      if (addressChanged) {
        await tx.update(orders).set({ shippingAddress: address, updatedAt: new Date() }).where(eq(orders.id, order.id));
      }
    } else {
      const totals = orderTotals(order.subtotalCents, method, address);
      await tx
        .update(orders)
        .set({ shippingAddress: address, shippingMethod: method, ...totals, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
    }
    if (addressChanged) await recordEvent(tx, order.id, "address_changed", by);
    if (methodChanged) await recordEvent(tx, order.id, "shipping_changed", by, method);
    const [updated] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!updated) throw notFound();
    return toOrderView(tx, updated);
  });
}

/**
 * Cancels an order before shipment, in one transaction: a pending one simply releases its stock; a
 * paid one is refunded in full through the payment provider first (if the refund fails, nothing
 * changes). Shipped or later: 409, the after-sale service handles returns.
 */
export async function cancelOrder(userId: string, orderId: string, reason: string | null): Promise<Order> {
  await sweepExpiredOrders({ userId });
  const db = await getDb();
  const by: EventActor = { actor: "customer", userId };
  const result = await db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, orderId);
    const cancelled = await cancelLockedOrder(tx, order, by, reason);
    const [updated] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!updated) throw notFound();
    return { view: await toOrderView(tx, updated), cancelled };
  });
  await afterCancel(userId, result.view.orderId, result.cancelled);
  return result.view;
}

export interface CancelOutcome {
  refundCents: number;
  /** The skus whose stock went back on sale. */
  releasedSkus: string[];
}

/**
 * Cancels an order already locked in `tx` (by its customer or an operator): a paid order is refunded
 * in full, its stock released, the step recorded with who did it. The caller hands the outcome to
 * afterCancel once the transaction has committed.
 */
export async function cancelLockedOrder(tx: Transaction, order: OrderRow, by: EventActor, reason: string | null): Promise<CancelOutcome> {
  if (!canCancel(order.status)) throw new AppError(409, ORDER_MESSAGES.notCancellable(order.status));
  const refundCents = order.status === "paid" ? order.totalCents - order.refundedCents : 0;
  // The payment service raises the order's refunded amount and records the refund on the timeline.
  if (refundCents > 0) await refundOrderPayment(tx, order.id, refundCents, by);
  const now = new Date();
  await tx
    .update(orders)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelReason: reason,
      expiresAt: null,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
  const releasedSkus = await releaseStock(tx, [order.id]);
  await recordEvent(tx, order.id, "cancelled", by, reason);
  return { refundCents, releasedSkus };
}

/**
 * What follows a committed cancel: the released products' pages show the stock again, and the
 * customer is e-mailed. A mail failure is logged and never undoes the cancel.
 */
export async function afterCancel(userId: string, orderId: string, { refundCents, releasedSkus }: CancelOutcome): Promise<void> {
  stockMoved(releasedSkus);
  try {
    const db = await getDb();
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user) await sendMail(orderCancelledMail(user.email, orderId, refundCents));
  } catch (error) {
    console.error(`Order ${orderId}: the cancellation e-mail could not be sent`, error);
  }
}
