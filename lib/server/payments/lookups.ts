import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { payments, savedPaymentMethods, type PaymentRow, type SavedPaymentMethodRow } from "@/lib/db/schema";
import { byKey, distinctKeys } from "@/lib/server/base/by-key";
import { cardLabel } from "./card-label";

// What the other domains read of the payments (the table is this domain's: eslint.config.mjs
// TABLE_OWNERS), through the caller's executor.

export async function findPayment(db: DbExecutor, paymentId: string): Promise<PaymentRow | undefined> {
  return (await paymentsById(db, [paymentId])).get(paymentId);
}

/** The payments named, by id; ids with no payment are left out. */
export async function paymentsById(db: DbExecutor, paymentIds: readonly string[]): Promise<Map<string, PaymentRow>> {
  const wanted = distinctKeys(paymentIds);
  return byKey(wanted.length > 0 ? await db.select().from(payments).where(inArray(payments.id, wanted)) : [], (row) => row.id);
}

/** "Visa •••• 4242" for each saved card named that has a brand and last four, by id. */
export async function cardLabelsOf(db: DbExecutor, methodIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = distinctKeys(methodIds);
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(savedPaymentMethods).where(inArray(savedPaymentMethods.id, wanted));
  return new Map(rows.flatMap((row) => (row.brand && row.last4 ? [[row.id, cardLabel(row.brand, row.last4)] as const] : [])));
}

export async function findSavedMethod(db: DbExecutor, methodId: string): Promise<SavedPaymentMethodRow | undefined> {
  const [row] = await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, methodId)).limit(1);
  return row;
}

/** Whether a charge of the provider's is recorded as a payment of the shop's. */
export async function isChargeRecorded(db: DbExecutor, providerRef: string): Promise<boolean> {
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.providerRef, providerRef)).limit(1);
  return row !== undefined;
}

/** A payment of the order that went through (whatever was refunded of it since), if any. */
export async function settledPaymentOf(db: DbExecutor, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["succeeded", "partially_refunded", "refunded"])))
    .limit(1);
  return row;
}
