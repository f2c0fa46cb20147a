import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbExecutor } from "@/lib/db/client";
import { orderEvents, type OrderEventActor } from "@/lib/db/schema";
import type { UsAddress } from "@/lib/schemas/auth";
import type { ShippingMethodValue } from "@/lib/schemas/order";
import { shippingFee } from "@/lib/server/shipping";
import { salesTaxCents } from "@/lib/server/tax";

export interface OrderTotals {
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** Shipping for the method, tax on the merchandise for the address's state (none without one). */
export function orderTotals(subtotalCents: number, method: ShippingMethodValue, address: UsAddress | null): OrderTotals {
  const shippingCents = shippingFee(method, subtotalCents);
  const taxCents = salesTaxCents(address?.state ?? null, subtotalCents);
  return { shippingCents, taxCents, totalCents: subtotalCents + shippingCents + taxCents };
}

export interface EventActor {
  actor: OrderEventActor;
  userId: string | null;
}

/**
 * The time to stamp on a new timeline step: the clock, but always after the subject's last step.
 * now() is the transaction's start, so steps recorded in one transaction (refunded then cancelled,
 * refunded then after_sale_completed) would tie; and clock_timestamp() can tie too where the clock
 * is coarse (PGlite), so the timeline could list them in either order.
 */
export function nextStepTime(table: PgTable, createdAt: PgColumn, subject: PgColumn, id: string): SQL {
  return sql`greatest(clock_timestamp(), (select max(${createdAt}) + interval '1 microsecond' from ${table} where ${subject} = ${id}))`;
}

export async function recordEvent(tx: DbExecutor, orderId: string, type: string, by: EventActor, note: string | null = null): Promise<void> {
  await tx
    .insert(orderEvents)
    .values({ orderId, type, actor: by.actor, actorUserId: by.userId, note, createdAt: nextStepTime(orderEvents, orderEvents.createdAt, orderEvents.orderId, orderId) });
}
