import "server-only";
import type { DbExecutor, Transaction } from "@/lib/db/client";
import { afterSaleEvents, type AfterSaleRow, type OrderRow } from "@/lib/db/schema";
import { findUserById } from "@/lib/server/auth/users";
import type { AfterSaleMailFacts } from "@/lib/server/mail/templates/after-sale";
import { queueMail } from "@/lib/server/mail/outbox";
import type { MailDraft } from "@/lib/server/mail/render";
import { nextStepTime, type EventActor } from "@/lib/server/orders";
import { lineTaxShareCents } from "@/lib/server/tax";
/**
 * What returning `quantity` units of a line gives back: their price plus their share of the order's
 * tax (`lineTaxShareCents`), and never more than what is still refundable on the order. Shipping is
 * not refunded.
 */
export function lineRefundCents(
  order: Pick<OrderRow, "subtotalCents" | "shippedSubtotalCents" | "taxCents" | "totalCents" | "refundedCents">,
  unitPriceCents: number,
  quantity: number,
  lineShips: boolean,
): number {
  const itemCents = unitPriceCents * quantity;
  const taxShare = lineTaxShareCents(order, itemCents, lineShips);
  return Math.max(0, Math.min(itemCents + taxShare, order.totalCents - order.refundedCents));
}

export async function recordAfterSaleEvent(
  tx: DbExecutor,
  afterSaleId: string,
  type: string,
  by: EventActor,
  note: string | null = null,
): Promise<void> {
  await tx.insert(afterSaleEvents).values({
    afterSaleId,
    type,
    actor: by.actor,
    actorUserId: by.userId,
    note,
    createdAt: nextStepTime(afterSaleEvents, afterSaleEvents.createdAt, afterSaleEvents.afterSaleId, afterSaleId),
  });
}

/** E-mails the request's customer once `tx` has committed. */
export async function mailCustomer(
  tx: Transaction,
  row: AfterSaleRow,
  compose: (to: string, facts: AfterSaleMailFacts) => MailDraft,
): Promise<void> {
  const user = await findUserById(tx, row.userId);
  if (!user) return;
  await queueMail(tx, compose(user.email, { afterSaleId: row.id, type: row.type, name: row.name, quantity: row.quantity }));
}
