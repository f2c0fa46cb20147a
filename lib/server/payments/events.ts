import "server-only";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { paymentEvents, payments, type PaymentRow } from "@/lib/db/schema";
import { AppError } from "@/lib/server/base/errors";
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

/** Whether the event was applied before (a replay or a redelivery), asked before any provider call or lock. */
export async function paymentEventSeen(db: DbExecutor, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, eventId)).limit(1);
  return row !== undefined;
}

/**
 * The shop's payment row for the provider's charge; null for a charge the shop did not make. An
 * attempt whose answer was lost has no reference yet: the charge names it by the shop's payment id
 * (`paymentId`, kept with the charge), and is matched only while the row has none.
 */
export async function paymentForEvent(db: DbExecutor, providerRef: string, paymentId?: string): Promise<PaymentRow | null> {
  const provider = paymentProvider(db);
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerRef, providerRef)))
    .limit(1);
  if (row) return row;
  if (!paymentId || !UUID.test(paymentId)) return null;
  const [lost] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.id, paymentId), isNull(payments.providerRef)))
    .limit(1);
  return lost ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order's newest payment attempt, or null. */
export async function latestPaymentOf(db: DbExecutor, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)).limit(1);
  return row ?? null;
}

/** Of `orderIds`, those with an attempt whose outcome the provider has still to tell. */
export async function ordersAwaitingProvider(tx: DbExecutor, orderIds: readonly string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ orderId: payments.orderId })
    .from(payments)
    .where(and(inArray(payments.orderId, [...orderIds]), inArray(payments.status, ["requires_action", "processing"])));
  return rows.map((row) => row.orderId);
}
