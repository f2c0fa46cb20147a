import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { getDb, type Transaction } from "@/lib/db/client";
import { savedPaymentMethods } from "@/lib/db/schema";
import type { SavedPaymentMethod } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/http/errors";
import { InvalidCardError, type NewCard, type SavedCard } from "./provider";
import { paymentProvider } from "./select";

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

/**
 * Keeps a typed card for the customer (the account page's "add a card" for renewals), in the
 * caller's transaction; the first card becomes the default. Card details the provider refuses are
 * a 422 on the field, as on the payment page.
 */
export async function saveCardForUser(tx: Transaction, userId: string, card: NewCard): Promise<SavedPaymentMethod> {
  const provider = paymentProvider(tx);
  let saved: SavedCard;
  try {
    saved = await provider.saveCard(card);
  } catch (error) {
    if (error instanceof InvalidCardError)
      throw new AppError(422, `card.${error.field}: ${error.message}`, [{ path: `card.${error.field}`, message: error.message }]);
    throw error;
  }
  const [existing] = await tx
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, userId))
    .limit(1);
  const [row] = await tx
    .insert(savedPaymentMethods)
    .values({
      userId,
      provider: provider.name,
      providerRef: saved.reference,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      isDefault: !existing,
    })
    .returning();
  if (!row) throw new Error("The saved card insert returned no row");
  return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, isDefault: row.isDefault };
}
