import "server-only";
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbExecutor } from "@/lib/db/client";
import { orderEvents, type OrderEventActor, type UserRow } from "@/lib/db/schema";
import { OPERATOR_ROLE } from "@/lib/config/roles";

// The order's timeline: every step a customer, an operator or the shop itself takes on an order is
// one row of order_events, written here and nowhere else.

/** The steps the timeline knows; the pages name them (lib/display/order-display.ts). */
export type OrderEventType =
  | "created"
  | "paid"
  | "payment_failed"
  | "address_changed"
  | "shipping_changed"
  | "shipped"
  | "delivered"
  | "cancelled"
  | "refunded"
  | "refund_failed"
  | "disputed"
  | "dispute_won"
  | "expired"
  | "after_sale_completed";

export interface EventActor {
  actor: OrderEventActor;
  userId: string | null;
}

export function customerActor(userId: string): EventActor {
  return { actor: "customer", userId };
}

export function operatorActor(user: Pick<UserRow, "id">): EventActor {
  return { actor: OPERATOR_ROLE, userId: user.id };
}

export const SYSTEM_ACTOR: EventActor = { actor: "system", userId: null };

/**
 * The time to stamp on a new timeline step: the clock, but always after the subject's last step.
 * now() is the transaction's start, so steps recorded in one transaction (refunded then cancelled,
 * refunded then after_sale_completed) would tie; and clock_timestamp() can tie too where the clock
 * is coarse (PGlite), so the timeline could list them in either order.
 */
export function nextStepTime(table: PgTable, createdAt: PgColumn, subject: PgColumn, id: string): SQL {
  return sql`greatest(clock_timestamp(), (select max(${createdAt}) + interval '1 microsecond' from ${table} where ${subject} = ${id}))`;
}

export async function recordEvent(
  tx: DbExecutor,
  orderId: string,
  type: OrderEventType,
  by: EventActor,
  note: string | null = null,
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    type,
    actor: by.actor,
    actorUserId: by.userId,
    note,
    createdAt: nextStepTime(orderEvents, orderEvents.createdAt, orderEvents.orderId, orderId),
  });
}

/**
 * An unpaid order's address change, unless the order's latest step already is one by the same
 * customer: the payment page quotes every complete address as it is typed, and a customer who
 * corrects a letter has changed the address once, not once per correction. After payment every
 * change is a step of its own (a label may already be printed).
 */
export async function recordDraftAddressChange(tx: DbExecutor, orderId: string, by: EventActor): Promise<void> {
  const [latest] = await tx
    .select({ type: orderEvents.type, actorUserId: orderEvents.actorUserId })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  if (latest?.type === "address_changed" && latest.actorUserId === by.userId) return;
  await recordEvent(tx, orderId, "address_changed", by);
}
