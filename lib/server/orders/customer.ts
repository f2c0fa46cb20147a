import "server-only";
import { and, count, desc, eq, or, sql } from "drizzle-orm";
import { getDb, type Transaction } from "@/lib/db/client";
import { orderItems, orders, type OrderRow } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/rules/money";
import { sameAddress } from "@/lib/rules/same-address";
import type { UsAddress } from "@/lib/schemas/auth";
import type { Order, OrderStatusValue, OrderSummary, ShippingMethodValue } from "@/lib/schemas/order";
import { findUserById } from "@/lib/server/auth/users";
import { AppError } from "@/lib/server/base/errors";
import { queueMail } from "@/lib/server/mail/outbox";
import { orderCancelledMail } from "@/lib/server/mail/templates/orders";
import { inTransaction } from "@/lib/server/transaction";
import { orderAnnouncements } from "./announcements";
import { customerActor, recordDraftAddressChange, recordEvent, type EventActor } from "./events";
import { sweepExpiredOrders } from "./expiry";
import { ORDER_MESSAGES } from "./messages";
import { releaseStock } from "./stock";
import { isPlanLine, refundCapacity, requestRefund } from "./refunds";
import { assertCancellable, canChangeShippingMethod, canEdit, lockOrder, moveOrder, paymentReceived } from "./status";
import { orderBasis, orderTotals } from "./totals";
import { NO_LINES, itemSummaries, toOrderView } from "./view";

// A customer's own orders. Every lookup is by (order id, customer): another customer's order is
// answered exactly like one that does not exist. Expired unpaid orders are swept first, so a
// customer never sees an order holding stock it no longer holds.

function notFound(): AppError {
  return new AppError(404, ORDER_MESSAGES.notFound);
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
  const summaries = await itemSummaries(
    db,
    rows.map((row) => row.id),
  );
  return {
    total: counted?.total ?? 0,
    list: rows.map((row) => ({
      orderId: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      total: centsToAmount(row.totalCents),
      ...(summaries.get(row.id) ?? NO_LINES),
    })),
  };
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
  const by = customerActor(userId);
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, edit.orderId, userId);
    if (!canEdit(order.status)) throw new AppError(409, ORDER_MESSAGES.notEditable);
    if (order.shippingMethod === null) {
      throw new AppError(409, ORDER_MESSAGES.nothingToShip, [{ path: "shippingAddress", message: ORDER_MESSAGES.nothingToShip }]);
    }
    const currentMethod = order.shippingMethod;
    const address = edit.shippingAddress ?? order.shippingAddress ?? null;
    const method = edit.shippingMethod ?? currentMethod;
    const addressChanged = edit.shippingAddress !== undefined && !sameAddress(edit.shippingAddress, order.shippingAddress ?? null);
    const methodChanged = method !== currentMethod;

    if (!canChangeShippingMethod(order.status)) {
      if (methodChanged) {
        throw new AppError(409, ORDER_MESSAGES.methodAfterPayment, [
          { path: "shippingMethod", message: ORDER_MESSAGES.methodAfterPayment },
        ]);
      }
      if (addressChanged && edit.shippingAddress?.state !== order.shippingAddress?.state) {
        throw new AppError(409, ORDER_MESSAGES.stateAfterPayment, [
          { path: "shippingAddress.state", message: ORDER_MESSAGES.stateAfterPayment },
        ]);
      }
      if (addressChanged) {
        await tx.update(orders).set({ shippingAddress: address, updatedAt: new Date() }).where(eq(orders.id, order.id));
      }
    } else {
      const totals = orderTotals(orderBasis(order), method, address);
      await tx
        .update(orders)
        .set({ shippingAddress: address, shippingMethod: method, ...totals, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
    }
    if (addressChanged) {
      if (canChangeShippingMethod(order.status)) await recordDraftAddressChange(tx, order.id, by);
      else await recordEvent(tx, order.id, "address_changed", by);
    }
    if (methodChanged) await recordEvent(tx, order.id, "shipping_changed", by, method);
    const [updated] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!updated) throw notFound();
    return toOrderView(tx, updated);
  });
}

/**
 * Cancels an order before shipment, in one transaction: a pending one simply releases its stock; a
 * paid one has its goods and shipping refunded in full and each plan line by its plan's own rule,
 * recorded in the refund ledger and sent to the provider once the transaction commits (a refund the
 * provider refuses stays open for the operator to send again; the cancel stands). Shipped or later:
 * 409, the after-sale service handles returns.
 */
export async function cancelOrder(userId: string, orderId: string, reason: string | null): Promise<Order> {
  await sweepExpiredOrders({ userId });
  await inTransaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    await cancelLockedOrder(tx, order, customerActor(userId), reason);
  });
  // Read after the commit: the provider has answered the refund by now (a refusal shows as such).
  return getOrderForCustomer(userId, orderId);
}

/**
 * Cancels an order already locked in `tx` (by its customer or an operator): a paid order is refunded
 * in full, its stock released, the step recorded with who did it, and the customer e-mailed once
 * the transaction has committed. Answers the cancelled order.
 */
export async function cancelLockedOrder(tx: Transaction, order: OrderRow, by: EventActor, reason: string | null): Promise<OrderRow> {
  assertCancellable(order.status);
  const now = new Date();
  let refundCents = 0;
  if (paymentReceived(order.status)) {
    // Goods, services not yet given and the shipping come back whole; a plan's line only by its own
    // rule (a yearly membership's unused months, the care plan's), which also ends the plan.
    const parts = (await refundCapacity(tx, order))
      .filter((part) => part.leftCents > 0 && !isPlanLine(part.category))
      .map((part) => ({ sku: part.sku, cents: part.leftCents }));
    if (parts.length > 0) {
      await requestRefund(tx, { orderId: order.id, reason: "order_cancelled", by, parts, note: reason, cancelling: true, now });
      refundCents += parts.reduce((sum, part) => sum + part.cents, 0);
    }
    const planRefunds = await orderAnnouncements.cancelling.announce(tx, { orderId: order.id, by, now });
    refundCents += planRefunds.reduce((sum, cents) => sum + cents, 0);
  }
  const cancelled = await moveOrder(tx, order.id, "cancelled", { cancelledAt: now, cancelReason: reason, expiresAt: null });
  await releaseStock(tx, [order.id]);
  await recordEvent(tx, order.id, "cancelled", by, reason);
  const customer = await findUserById(tx, order.userId);
  if (customer) await queueMail(tx, orderCancelledMail(customer.email, order.id, refundCents, paymentReceived(order.status)));
  return cancelled;
}

/** What a customer's own orders are searched by: the start of the short number, or words of a product name. */
export interface OwnOrderSearch {
  /** Lower-case hex without dashes ("5e461c55"), when the query looks like an order number. */
  numberPrefix: string | null;
  /** Words every matching order's product name holds (any of its lines). */
  words: readonly string[];
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The customer's own orders matching a search, newest first, and how many match. Only `userId`'s:
 * the condition on the owner is in the same statement as the search, so another customer's order
 * never comes back, whatever was typed.
 */
export async function searchOwnOrders(
  userId: string,
  search: OwnOrderSearch,
  page: { limit: number; offset: number },
): Promise<{ list: OrderSummary[]; total: number }> {
  const byNumber = search.numberPrefix ? sql`replace(${orders.id}::text, '-', '') like ${`${search.numberPrefix}%`}` : undefined;
  const byName =
    search.words.length > 0
      ? sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${and(
          ...search.words.map((word) => sql`unaccent(${orderItems.name}) ilike unaccent(${likePattern(word)})`),
        )})`
      : undefined;
  if (!byNumber && !byName) return { list: [], total: 0 };
  const db = await getDb();
  const where = and(eq(orders.userId, userId), or(byNumber, byName));
  const rows = await db
    .select({ order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const summaries = await itemSummaries(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map(({ order }) => ({
      orderId: order.id,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      total: centsToAmount(order.totalCents),
      ...(summaries.get(order.id) ?? NO_LINES),
    })),
  };
}
