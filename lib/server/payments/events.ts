import "server-only";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { paymentEvents, payments, type PaymentRow } from "@/lib/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { PAYMENT_MESSAGES } from "./messages";
import { WebhookRefusedError, type ProviderEvent } from "./provider";
import { paymentProvider } from "./select";

// The provider's webhooks, in the payments service's terms: checked, recorded once, and matched
// to the shop's payment rows. The orders service applies them to orders (receivePaymentEvent).

/** The verified event; a 400 when its signature is missing, wrong or too old, or the provider sends none. */
export async function readPaymentEvent(payload: string, headers: Headers): Promise<ProviderEvent> {
  const provider = paymentProvider(await getDb());
  if (!provider.readEvent) throw new AppError(404, PAYMENT_MESSAGES.noWebhooks);
  try {
    return provider.readEvent(payload, headers);
  } catch (error) {
    if (error instanceof WebhookRefusedError) throw new AppError(400, `${PAYMENT_MESSAGES.webhookRefused} ${error.message}`);
    throw error;
  }
}

/** Records the event by its id; false when it was recorded before (a replay or a redelivery). */
export async function recordPaymentEvent(tx: Transaction, event: ProviderEvent): Promise<boolean> {
  const provider = paymentProvider(tx);
  const [inserted] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, provider: provider.name, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted !== undefined;
}

/**
 * The shop's payment row for the provider's charge; null for a charge the shop did not make.
 * `lock`: only once the caller holds its order's lock, which every payment change takes first
 * (taking them the other way round deadlocks against the page's re-check).
 */
export async function paymentForEvent(tx: Transaction, providerRef: string, options: { lock: boolean }): Promise<PaymentRow | null> {
  const provider = paymentProvider(tx);
  const query = tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerRef, providerRef)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The order's newest payment attempt, or null. */
export async function latestPaymentOf(tx: Transaction, orderId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)).limit(1);
  return row ?? null;
}

/**
 * The provider says `refundedCents` of the charge have gone back in all. Refunds the shop made are
 * counted already; what is more came from elsewhere (the provider's dashboard) and is recorded
 * now. Answers that extra amount, 0 when there is none.
 */
export async function recordProviderRefund(tx: Transaction, payment: PaymentRow, refundedCents: number, now: Date): Promise<number> {
  const total = Math.min(refundedCents, payment.amountCents);
  const more = total - payment.refundedCents;
  if (more <= 0 || payment.status === "duplicate_refunded") return 0;
  await tx
    .update(payments)
    .set({ refundedCents: total, status: total === payment.amountCents ? "refunded" : "partially_refunded", updatedAt: now })
    .where(eq(payments.id, payment.id));
  return more;
}

/** Of `orderIds`, those with an attempt whose outcome the provider has still to tell. */
export async function ordersAwaitingProvider(tx: DbExecutor, orderIds: readonly string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        inArray(payments.orderId, [...orderIds]),
        inArray(payments.status, ["requires_action", "processing"]),
        isNotNull(payments.providerRef),
      ),
    );
  return rows.map((row) => row.orderId);
}
