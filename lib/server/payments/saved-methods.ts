import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { savedPaymentMethods } from "@/lib/db/schema";
import type { SavedPaymentMethod } from "@/lib/schemas/order";

/** GET /user/saved_payments_methods: the customer's own cards, the default first. */
export async function listSavedPaymentMethods(userId: string): Promise<SavedPaymentMethod[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, userId))
    .orderBy(desc(savedPaymentMethods.isDefault), asc(savedPaymentMethods.createdAt));
  return rows.map((row) => ({
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
  }));
}
