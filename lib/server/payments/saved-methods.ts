import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import { getDb, type Transaction } from "@/lib/db/client";
import { memberships, savedPaymentMethods } from "@/lib/db/schema";
import type { SavedPaymentMethod } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/http/errors";
import { inTransaction } from "@/lib/server/transaction";
import { PAYMENT_MESSAGES } from "./messages";
import { InvalidCardError, type NewCard, type SavedCard } from "./provider";
import { paymentProvider } from "./select";

/**
 * GET /user/saved_payments_methods: the customer's own cards, the default first; only those the
 * shop's provider now can charge (a card kept by another provider is not offered).
 */
export async function listSavedPaymentMethods(userId: string): Promise<SavedPaymentMethod[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.provider, paymentProvider(db).name)))
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

/**
 * DELETE /user/saved_payments_methods: the provider stops the card being charged, then the shop
 * forgets it; the oldest card left becomes the default. A card that renews a membership is kept
 * until another card is chosen for the renewals. Another customer's card is answered like none.
 */
export async function removeSavedPaymentMethod(userId: string, id: string): Promise<SavedPaymentMethod[]> {
  await inTransaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.userId, userId)))
      .for("update");
    if (!card) throw new AppError(404, PAYMENT_MESSAGES.savedCardNotFound);
    const [renews] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.paymentMethodId, id), eq(memberships.autoRenew, true)))
      .limit(1);
    if (renews) throw new AppError(409, PAYMENT_MESSAGES.cardRenews);
    await paymentProvider(tx).removeCard(card.providerRef);
    await tx.delete(savedPaymentMethods).where(eq(savedPaymentMethods.id, id));
    if (card.isDefault) {
      const [next] = await tx
        .select({ id: savedPaymentMethods.id })
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.userId, userId))
        .orderBy(asc(savedPaymentMethods.createdAt))
        .limit(1);
      if (next) await tx.update(savedPaymentMethods).set({ isDefault: true }).where(eq(savedPaymentMethods.id, next.id));
    }
  });
  return listSavedPaymentMethods(userId);
}
