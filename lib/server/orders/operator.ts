import "server-only";
import { and, asc, between, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { orderEvents, orderItems, orders, type OrderEventRow, type OrderRow, type UserRow } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/rules/money";
import type {
  OperatorCancelOrderBody,
  OperatorOrder,
  OperatorOrderListQuery,
  OperatorOrderSummary,
  RetryRefundBody,
  ShipOrderBody,
} from "@/lib/schemas/operator-order";
import { assertOperator } from "@/lib/server/auth/roles";
import { timelineSteps, type TimelineStep } from "@/lib/server/auth/timeline-steps";
import { emailsOfUsers, findUserById, usersMatching } from "@/lib/server/auth/users";
import { skusInCategory } from "@/lib/server/catalog/lookups";
import { paymentsById } from "@/lib/server/payments/lookups";
import { AppError } from "@/lib/server/base/errors";
import { cardLabel } from "@/lib/server/payments/card-label";
import { orderShippedMail } from "@/lib/server/mail/templates/orders";
import { queueMail } from "@/lib/server/mail/outbox";
import { inTransaction } from "@/lib/server/transaction";
import { orderAnnouncements } from "./announcements";
import { cancelLockedOrder } from "./customer";
import { paymentNote } from "./event-notes";
import { operatorActor, recordEvent } from "./events";
import { sweepExpiredOrders } from "./expiry";
import { parseConsoleSearch } from "@/lib/server/base/console-search";
import { readPage } from "@/lib/server/base/paging";
import { refundsOfOrder, retryRefund } from "./refunds";
import { ORDER_MESSAGES } from "./messages";
import { canDeliver, canShip, lockOrder, moveOrder } from "./status";
import { NO_LINES, itemSummaries, toOrderView } from "./view";

const PURIFIER_CATEGORY = "purifier";

// The operator side of orders (docs/api.md, Operators). The role is checked here as well as by the
// route (assertOperator), so every caller (route, console, script) gets the same rule; every action
// lands in order_events with actor "admin" and the operator's user id.

async function operatorView(db: DbExecutor, order: OrderRow): Promise<OperatorOrder> {
  const customer = await findUserById(db, order.userId);
  return {
    ...(await toOrderView(db, order)),
    customer: { id: order.userId, email: customer?.email ?? "" },
    // Nothing to ship (plans and services only): the order is complete once paid.
    canShip: canShip(order.status) && order.shippingMethod !== null,
    canDeliver: canDeliver(order.status),
    purifierLines: await purifierLinesOf(db, order.id),
    refunds: await refundsOfOrder(db, order.id),
  };
}

/** The purifier lines of an order with the serials entered so far, for the console's ship form. */
export async function purifierLinesOf(
  db: DbExecutor,
  orderId: string,
): Promise<{ skuNum: string; name: string; quantity: number; serials: string[] }[]> {
  const lines = await db
    .select({ sku: orderItems.sku, name: orderItems.name, quantity: orderItems.quantity, serials: orderItems.serials })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.sku, skusInCategory(db, PURIFIER_CATEGORY))))
    .orderBy(asc(orderItems.sku));
  return lines.map((line) => ({ skuNum: line.sku, name: line.name, quantity: line.quantity, serials: line.serials ?? [] }));
}

/** The order's short number or id, the customer's e-mail, account name or the name on the delivery address. */
function orderSearchFilter(db: DbExecutor, query: string | undefined): SQL | undefined {
  const search = parseConsoleSearch(query);
  if (!search) return undefined;
  const { idRange, contains } = search;
  return or(
    idRange ? between(orders.id, idRange.from, idRange.to) : undefined,
    contains ? inArray(orders.userId, usersMatching(db, contains)) : undefined,
    contains ? ilike(sql`${orders.shippingAddress}->>'fullName'`, contains) : undefined,
  );
}

export async function operatorListOrders(
  user: UserRow,
  query: OperatorOrderListQuery,
): Promise<{ list: OperatorOrderSummary[]; total: number }> {
  assertOperator(user);
  await sweepExpiredOrders();
  const db = await getDb();
  const where = and(query.status ? eq(orders.status, query.status) : undefined, orderSearchFilter(db, query.q));
  const matching = db.select({ order: orders }).from(orders);
  const { rows, total } = await readPage(db, query, matching.where(where).$dynamic(), [desc(orders.createdAt), desc(orders.id)]);
  const summaries = await itemSummaries(
    db,
    rows.map((row) => row.order.id),
  );
  const emailOf = await emailsOfUsers(
    db,
    rows.map((row) => row.order.userId),
  );
  return {
    total,
    list: rows.map(({ order }) => ({
      orderId: order.id,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      total: centsToAmount(order.totalCents),
      ...(summaries.get(order.id) ?? NO_LINES),
      customer: { id: order.userId, email: emailOf(order.userId) ?? "" },
    })),
  };
}

export async function operatorGetOrder(user: UserRow, orderId: string): Promise<OperatorOrder> {
  assertOperator(user);
  await sweepExpiredOrders();
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError(404, ORDER_MESSAGES.notFound);
  return operatorView(db, order);
}

/** paid → shipped, with the carrier and tracking number; the customer gets an e-mail with both. */
export async function shipOrder(user: UserRow, body: ShipOrderBody): Promise<OperatorOrder> {
  assertOperator(user);
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, body.orderId);
    if (!canShip(order.status)) throw new AppError(409, ORDER_MESSAGES.notShippable);
    if (order.shippingMethod === null) throw new AppError(409, ORDER_MESSAGES.nothingToShip);
    if (body.serials) await orderAnnouncements.shipping.announce(tx, { orderId: order.id, serials: body.serials });
    const shipped = await moveOrder(tx, order.id, "shipped", {
      shippedAt: new Date(),
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
    });
    await recordEvent(tx, order.id, "shipped", operatorActor(user), `${body.carrier} ${body.trackingNumber}`);
    const view = await operatorView(tx, shipped);
    await queueMail(tx, orderShippedMail(view.customer.email, view.orderId, body.carrier, body.trackingNumber));
    return view;
  });
}

/** shipped → delivered; its purifiers are registered to the customer in the same step. */
export async function deliverOrder(user: UserRow, orderId: string, now: Date = new Date()): Promise<OperatorOrder> {
  assertOperator(user);
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!canDeliver(order.status)) throw new AppError(409, ORDER_MESSAGES.notDeliverable);
    const delivered = await moveOrder(tx, order.id, "delivered", { deliveredAt: now });
    await recordEvent(tx, order.id, "delivered", operatorActor(user));
    await orderAnnouncements.delivered.announce(tx, { orderId: order.id, userId: order.userId, now });
    return operatorView(tx, delivered);
  });
}

/** pending_payment or paid → cancelled, a paid order refunded in full; the customer is e-mailed. */
export async function operatorCancelOrder(user: UserRow, body: OperatorCancelOrderBody): Promise<OperatorOrder> {
  assertOperator(user);
  await sweepExpiredOrders();
  await inTransaction(async (tx) => {
    const order = await lockOrder(tx, body.orderId);
    await cancelLockedOrder(tx, order, operatorActor(user), body.reason);
  });
  // Read after the commit: the provider has answered the refund by now (a refusal shows as such).
  return operatorGetOrder(user, body.orderId);
}

/** POST /api/v1/admin/orders/refund/retry: a refund that failed is sent again (a new refund, a new key). */
export async function operatorRetryRefund(user: UserRow, body: RetryRefundBody): Promise<OperatorOrder> {
  assertOperator(user);
  const orderId = await inTransaction(async (tx) => (await retryRefund(tx, body.refundId, operatorActor(user), new Date())).orderId);
  // Read after the commit: the provider has answered the new refund by now.
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError(404, ORDER_MESSAGES.notFound);
  return operatorView(db, order);
}

export type OperatorOrderEvent = TimelineStep;

/** A "paid" note as it was written before it named the card and the provider's reference. */
const INTERNAL_PAYMENT_NOTE = /^Payment ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function internalPaymentId(event: Pick<OrderEventRow, "type" | "note">): string | null {
  return event.type === "paid" ? (INTERNAL_PAYMENT_NOTE.exec(event.note ?? "")?.[1] ?? null) : null;
}

/**
 * The notes of "paid" steps written as "Payment <internal id>", each as the payment's card and
 * provider reference (paymentNote), read from the payments table: the shop's own id tells the
 * operator nothing, and the stored notes stay as they were written. A payment that cannot be
 * found, or that has neither card nor reference, keeps its note.
 */
async function namedPayments(db: DbExecutor, events: readonly Pick<OrderEventRow, "type" | "note">[]): Promise<Map<string, string>> {
  const ids = [...new Set(events.map(internalPaymentId).filter((id): id is string => id !== null))];
  const named = new Map<string, string>();
  if (ids.length === 0) return named;
  for (const row of (await paymentsById(db, ids)).values()) {
    const note = paymentNote({ card: row.brand && row.last4 ? cardLabel(row.brand, row.last4) : null, providerRef: row.providerRef });
    if (note) named.set(row.id.toLowerCase(), note);
  }
  return named;
}

/** The order's timeline with who did each step, for the operator's order page. */
export async function operatorOrderEvents(user: UserRow, orderId: string): Promise<OperatorOrderEvent[]> {
  assertOperator(user);
  const db = await getDb();
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const named = await namedPayments(db, events);
  return timelineSteps(db, events, (event) => named.get(internalPaymentId(event)?.toLowerCase() ?? "") ?? event.note);
}
