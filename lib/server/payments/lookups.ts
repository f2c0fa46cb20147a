import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { payments, type PaymentRow } from "@/lib/db/schema";

// What the other domains read of the payments (the table is this domain's: eslint.config.mjs
// TABLE_OWNERS), through the caller's executor.

export async function findPayment(db: DbExecutor, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row;
}

/** The payments named, by id; ids with no payment are left out. */
export async function paymentsById(db: DbExecutor, paymentIds: readonly string[]): Promise<Map<string, PaymentRow>> {
  const wanted = [...new Set(paymentIds)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(payments).where(inArray(payments.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}
