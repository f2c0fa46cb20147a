import "server-only";
import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { orderEvents, orders, users, type OrderEventRow, type OrderRow, type UserRow } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/money";
import type { AdminCancelOrderBody, AdminOrder, AdminOrderListQuery, AdminOrderSummary, ShipOrderBody } from "@/lib/schemas/admin-order";
import { AppError } from "@/lib/server/http/errors";
import { orderShippedMail } from "@/lib/server/mail/messages";
import { sendMail } from "@/lib/server/mail/transport";
import { afterCancel, cancelLockedOrder } from "./customer";
import { sweepExpiredOrders } from "./expiry";
import { ORDER_MESSAGES } from "./messages";
import { recordEvent, type EventActor } from "./totals";
import { itemSummaries, toOrderView } from "./view";

// The operator side of orders (docs/api.md, Operators). The role is checked here, in the service, so
// every caller (route, console, script) gets the same rule; every action lands in order_events with
// actor "admin" and the operator's user id.

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 403 for anyone but an admin (the 401 for no session comes from requireSession before this). */
export function assertAdmin(user: Pick<UserRow, "role">): void {
  if (user.role !== "admin") throw new AppError(403);
}

function operator(user: Pick<UserRow, "id">): EventActor {
  return { actor: "admin", userId: user.id };
}

async function adminView(db: DbExecutor, order: OrderRow): Promise<AdminOrder> {
  const [customer] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, order.userId));
  return { ...(await toOrderView(db, order)), customer: customer ?? { id: order.userId, email: "" } };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function adminListOrders(user: UserRow, query: AdminOrderListQuery): Promise<{ list: AdminOrderSummary[]; total: number }> {
  assertAdmin(user);
  await sweepExpiredOrders();
  const db = await getDb();
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  const search = query.q?.trim();
  if (search) {
    filters.push(UUID_PATTERN.test(search) ? eq(orders.id, search.toLowerCase()) : ilike(users.email, `%${escapeLike(search.toLowerCase())}%`));
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [counted] = await db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where);
  const rows = await db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const summaries = await itemSummaries(db, rows.map((row) => row.order.id));
  return {
    total: counted?.total ?? 0,
    list: rows.map(({ order, email }) => ({
      orderId: order.id,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      total: centsToAmount(order.totalCents),
      itemCount: summaries.get(order.id)?.count ?? 0,
      firstItem: summaries.get(order.id)?.first ?? null,
      customer: { id: order.userId, email },
    })),
  };
}

export async function adminGetOrder(user: UserRow, orderId: string): Promise<AdminOrder> {
  assertAdmin(user);
  await sweepExpiredOrders();
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError(404, ORDER_MESSAGES.notFound);
  return adminView(db, order);
}

async function lockOrder(tx: DbExecutor, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new AppError(404, ORDER_MESSAGES.notFound);
  return order;
}

/** paid → shipped, with the carrier and tracking number; the customer gets an e-mail with both. */
export async function shipOrder(user: UserRow, body: ShipOrderBody): Promise<AdminOrder> {
  assertAdmin(user);
  const db = await getDb();
  const view = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, body.orderId);
    if (order.status !== "paid") throw new AppError(409, ORDER_MESSAGES.notShippable);
    const now = new Date();
    const [shipped] = await tx
      .update(orders)
      .set({ status: "shipped", shippedAt: now, carrier: body.carrier, trackingNumber: body.trackingNumber, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (!shipped) throw new AppError(404, ORDER_MESSAGES.notFound);
    await recordEvent(tx, order.id, "shipped", operator(user), `${body.carrier} ${body.trackingNumber}`);
    return adminView(tx, shipped);
  });
  // After the commit: a mail failure is logged and never undoes the shipment.
  try {
    await sendMail(orderShippedMail(view.customer.email, view.orderId, body.carrier, body.trackingNumber));
  } catch (error) {
    console.error(`Order ${view.orderId}: the shipping e-mail could not be sent`, error);
  }
  return view;
}

/** shipped → delivered. */
export async function deliverOrder(user: UserRow, orderId: string): Promise<AdminOrder> {
  assertAdmin(user);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== "shipped") throw new AppError(409, ORDER_MESSAGES.notDeliverable);
    const now = new Date();
    const [delivered] = await tx
      .update(orders)
      .set({ status: "delivered", deliveredAt: now, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (!delivered) throw new AppError(404, ORDER_MESSAGES.notFound);
    await recordEvent(tx, order.id, "delivered", operator(user));
    return adminView(tx, delivered);
  });
}

/** pending_payment or paid → cancelled, a paid order refunded in full; the customer is e-mailed. */
export async function adminCancelOrder(user: UserRow, body: AdminCancelOrderBody): Promise<AdminOrder> {
  assertAdmin(user);
  await sweepExpiredOrders();
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, body.orderId);
    const cancelled = await cancelLockedOrder(tx, order, operator(user), body.reason);
    const [cancelledRow] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!cancelledRow) throw new AppError(404, ORDER_MESSAGES.notFound);
    return { view: await adminView(tx, cancelledRow), cancelled };
  });
  await afterCancel(result.view.customer.id, result.view.orderId, result.cancelled);
  return result.view;
}

export interface AdminOrderEvent {
  type: string;
  actor: OrderEventRow["actor"];
  /** The e-mail of the customer or operator who did it; null for the system or a removed account. */
  by: string | null;
  note: string | null;
  at: string;
}

/** The order's timeline with who did each step, for the operator's order page. */
export async function adminOrderEvents(user: UserRow, orderId: string): Promise<AdminOrderEvent[]> {
  assertAdmin(user);
  const db = await getDb();
  const rows = await db
    .select({ event: orderEvents, email: users.email })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map(({ event, email }) => ({ type: event.type, actor: event.actor, by: email, note: event.note, at: event.createdAt.toISOString() }));
}
