import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { afterSaleEvents, users, type AfterSaleRow, type OrderRow, type UserRow } from "@/lib/db/schema";
import type { AfterSaleMailFacts } from "@/lib/server/mail/after-sale-messages";
import { sendMail, type MailMessage } from "@/lib/server/mail/transport";
import { nextStepTime, type EventActor } from "@/lib/server/orders";

export function customerActor(userId: string): EventActor {
  return { actor: "customer", userId };
}

export function operatorActor(user: Pick<UserRow, "id">): EventActor {
  return { actor: "admin", userId: user.id };
}

/**
 * What returning `quantity` units of a line gives back: their price plus the same share of the
 * order's tax (rounded down, so the lines' shares never add up to more than the tax charged), and
 * never more than what is still refundable on the order. Shipping is not refunded.
 */
export function lineRefundCents(order: Pick<OrderRow, "subtotalCents" | "taxCents" | "totalCents" | "refundedCents">, unitPriceCents: number, quantity: number): number {
  const itemCents = unitPriceCents * quantity;
  const taxShare = order.subtotalCents > 0 ? Math.floor((order.taxCents * itemCents) / order.subtotalCents) : 0;
  return Math.max(0, Math.min(itemCents + taxShare, order.totalCents - order.refundedCents));
}

export async function recordAfterSaleEvent(tx: DbExecutor, afterSaleId: string, type: string, by: EventActor, note: string | null = null): Promise<void> {
  await tx.insert(afterSaleEvents).values({
    afterSaleId,
    type,
    actor: by.actor,
    actorUserId: by.userId,
    note,
    createdAt: nextStepTime(afterSaleEvents, afterSaleEvents.createdAt, afterSaleEvents.afterSaleId, afterSaleId),
  });
}

/** After the commit: a mail failure is logged and never undoes the step the customer or operator took. */
export async function mailCustomer(row: AfterSaleRow, compose: (to: string, facts: AfterSaleMailFacts) => MailMessage): Promise<void> {
  try {
    const db = await getDb();
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    if (!user) return;
    await sendMail(compose(user.email, { afterSaleId: row.id, type: row.type, name: row.name, quantity: row.quantity }));
  } catch (error) {
    console.error(`After-sale request ${row.id}: the e-mail to the customer could not be sent`, error);
  }
}
