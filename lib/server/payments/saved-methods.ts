import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { paymentCustomers, paymentEvents, savedPaymentMethods, type SavedPaymentMethodRow } from "@/lib/db/schema";
import { domainQuestion } from "@/lib/server/events/registry";
import type { SavedCardAnswer, SavedPaymentMethod } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/base/errors";
import { inTransaction } from "@/lib/server/transaction";
import { knownProviderCustomer, providerCustomer } from "./customers";
import { PAYMENT_MESSAGES } from "./messages";
import { CardSetupNotFoundError, InvalidCardError, type CardSetupState, type NewCard, type SavedCard } from "./provider";
import { paymentProvider } from "./select";

// The customer's saved cards: listed, added (typed into the shop's fields, or saved by the
// provider's own fields through a card setup), made the default, removed. A card is kept only by
// its provider's reference; the shop stores what it shows (brand, last four, expiry).

/**
 * Which saved cards renewing memberships charge (one customer's, or the card named): removing one
 * is refused (removeSavedPaymentMethod). The memberships domain, above this one, answers
 * (memberships/subscriptions.ts), through the asker's transaction.
 */
export const renewalCards = domainQuestion<{ userId: string } | { cardId: string }, string[]>("payments.renewalCards");

async function renewalCardIds(db: DbExecutor, userId: string): Promise<Set<string>> {
  return new Set(await renewalCards.ask({ userId }, db));
}

function savedMethodOf(row: SavedPaymentMethodRow, renewing: ReadonlySet<string>): SavedPaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    renewsMembership: renewing.has(row.id),
  };
}

async function listOn(db: DbExecutor, userId: string): Promise<SavedPaymentMethod[]> {
  const rows = await db
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.provider, paymentProvider(db).name)))
    .orderBy(desc(savedPaymentMethods.isDefault), asc(savedPaymentMethods.createdAt));
  const renewing = await renewalCardIds(db, userId);
  return rows.map((row) => savedMethodOf(row, renewing));
}

/**
 * GET /user/saved_payments_methods: the customer's own cards, the default first; only those the
 * shop's provider now can charge (a card kept by another provider is not offered).
 */
export async function listSavedPaymentMethods(userId: string): Promise<SavedPaymentMethod[]> {
  return listOn(await getDb(), userId);
}

/**
 * Records a card the provider kept for the customer, once: a second call for the same reference
 * (the page's check asked twice, two tabs) answers the row the first one wrote. It becomes the
 * default when the customer has no default card with this provider yet.
 */
export async function recordSavedCard(tx: Transaction, userId: string, provider: string, saved: SavedCard): Promise<SavedPaymentMethodRow> {
  const [hasDefault] = await tx
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.provider, provider), eq(savedPaymentMethods.isDefault, true)))
    .limit(1);
  const [inserted] = await tx
    .insert(savedPaymentMethods)
    .values({
      userId,
      provider,
      providerRef: saved.reference,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      isDefault: !hasDefault,
    })
    .onConflictDoNothing({ target: [savedPaymentMethods.provider, savedPaymentMethods.providerRef] })
    .returning();
  if (inserted) return inserted;
  const [kept] = await tx
    .select()
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.provider, provider),
        eq(savedPaymentMethods.providerRef, saved.reference),
        eq(savedPaymentMethods.userId, userId),
      ),
    )
    .limit(1);
  if (!kept) throw new Error(`Saved card ${saved.reference} conflicted but belongs to nobody else's list`);
  return kept;
}

/**
 * Keeps a card typed into the shop's fields for the customer (the account's "Add a card", a new
 * renewal card), in the caller's transaction; the first card becomes the default. Card details
 * the provider refuses are a 422 on the field, as on the payment page. A provider with fields of
 * its own never takes a typed card: that is a 422 too, and the card goes nowhere.
 */
export async function saveCardForUser(tx: Transaction, userId: string, card: NewCard): Promise<SavedPaymentMethod> {
  const provider = paymentProvider(tx);
  if (provider.cardEntry === "provider") {
    throw new AppError(422, `card: ${PAYMENT_MESSAGES.cardNotTaken}`, [{ path: "card", message: PAYMENT_MESSAGES.cardNotTaken }]);
  }
  let saved: SavedCard;
  try {
    saved = await provider.saveCard(card);
  } catch (error) {
    if (error instanceof InvalidCardError)
      throw new AppError(422, `card.${error.field}: ${error.message}`, [{ path: `card.${error.field}`, message: error.message }]);
    throw error;
  }
  const row = await recordSavedCard(tx, userId, provider.name, saved);
  return savedMethodOf(row, await renewalCardIds(tx, userId));
}

/** POST /user/saved_payments_methods: adds a card typed into the shop's own fields. */
export async function addSavedCard(userId: string, card: NewCard): Promise<SavedCardAnswer> {
  return inTransaction(async (tx) => {
    const saved = await saveCardForUser(tx, userId, card);
    return { status: "saved", message: null, card: saved, cards: await listOn(tx, userId) };
  });
}

/**
 * POST /user/saved_payments_methods/setup: starts saving a card the customer types into the
 * provider's own fields, for their provider customer (made now if need be), to be charged later
 * without them (renewals). The provider is asked under a key of the customer and the page's
 * attempt, so a retried request gets the same setup; no transaction is open meanwhile. A provider
 * that takes cards in the shop's fields has no setup: 409.
 */
export async function startCardSetup(userId: string, attemptKey: string): Promise<{ setupIntentId: string; clientSecret: string }> {
  const db = await getDb();
  const provider = paymentProvider(db);
  if (!provider.startCardSetup) throw new AppError(409, PAYMENT_MESSAGES.setupInShopFields);
  const customer = await providerCustomer(db, provider, userId);
  if (!customer) throw new Error(`The ${provider.name} provider sets cards up but keeps no customers`);
  const setup = await provider.startCardSetup(customer, `card-setup-${userId}-${attemptKey}`);
  return { setupIntentId: setup.reference, clientSecret: setup.clientSecret };
}

/** The setup as the provider knows it, read outside any transaction; 404 for one it does not know. */
async function readCardSetup(db: DbExecutor, setupIntentId: string): Promise<CardSetupState> {
  const provider = paymentProvider(db);
  if (!provider.finishCardSetup) throw new AppError(409, PAYMENT_MESSAGES.setupInShopFields);
  try {
    return await provider.finishCardSetup(setupIntentId);
  } catch (error) {
    if (error instanceof CardSetupNotFoundError) throw new AppError(404, PAYMENT_MESSAGES.setupNotFound);
    throw error;
  }
}

/**
 * POST /user/saved_payments_methods/setup/check: how the setup the browser confirmed ended, read
 * from the provider (never from the page), outside any transaction. Succeeded: the card is recorded
 * (once, however often this is asked, and whether the provider's event came first). A setup of
 * another customer, or one the provider does not know: 404, alike.
 */
export async function checkCardSetup(userId: string, setupIntentId: string): Promise<SavedCardAnswer> {
  const db = await getDb();
  const provider = paymentProvider(db);
  if (!provider.finishCardSetup) throw new AppError(409, PAYMENT_MESSAGES.setupInShopFields);
  const customer = await knownProviderCustomer(db, provider, userId);
  if (!customer) throw new AppError(404, PAYMENT_MESSAGES.setupNotFound);
  const state = await readCardSetup(db, setupIntentId);
  if (state.customer !== customer) throw new AppError(404, PAYMENT_MESSAGES.setupNotFound);
  const { outcome } = state;
  if (outcome.status !== "succeeded") {
    return { status: outcome.status, message: outcome.message, card: null, cards: await listOn(db, userId) };
  }
  return inTransaction(async (tx) => {
    const row = await recordSavedCard(tx, userId, provider.name, outcome.card);
    return {
      status: "saved",
      message: null,
      card: savedMethodOf(row, await renewalCardIds(tx, userId)),
      cards: await listOn(tx, userId),
    };
  });
}

/**
 * The provider says a card setup succeeded (Stripe: `setup_intent.succeeded`), though the customer
 * may have closed the page before it asked: the card is kept for the customer whose provider record
 * it was made for, once, with the event recorded in the same transaction. Read outside any lock.
 */
export async function recordCardSetupEvent(reference: string, eventId: string): Promise<void> {
  const db = await getDb();
  const provider = paymentProvider(db);
  const state = await readCardSetup(db, reference);
  await inTransaction(async (tx) => {
    if (!(await recordEventOnce(tx, eventId, provider.name, "card_setup"))) return;
    if (state.outcome.status !== "succeeded" || !state.customer) return;
    const [owner] = await tx
      .select({ userId: paymentCustomers.userId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.provider, provider.name), eq(paymentCustomers.reference, state.customer)))
      .limit(1);
    if (owner) await recordSavedCard(tx, owner.userId, provider.name, state.outcome.card);
  });
}

async function recordEventOnce(tx: Transaction, id: string, provider: string, type: string): Promise<boolean> {
  const [inserted] = await tx
    .insert(paymentEvents)
    .values({ id, provider, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted !== undefined;
}

/**
 * PUT /user/saved_payments_methods/default: the card checkout offers first. Only one card is the
 * default; the row lock keeps two switches at once from leaving two. Another customer's card is
 * answered like none.
 */
export async function setDefaultPaymentMethod(userId: string, id: string): Promise<SavedPaymentMethod[]> {
  return inTransaction(async (tx) => {
    const [card] = await tx
      .select({ id: savedPaymentMethods.id })
      .from(savedPaymentMethods)
      .where(
        and(
          eq(savedPaymentMethods.id, id),
          eq(savedPaymentMethods.userId, userId),
          eq(savedPaymentMethods.provider, paymentProvider(tx).name),
        ),
      )
      .for("update");
    if (!card) throw new AppError(404, PAYMENT_MESSAGES.savedCardNotFound);
    await tx
      .update(savedPaymentMethods)
      .set({ isDefault: false })
      .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.isDefault, true)));
    await tx.update(savedPaymentMethods).set({ isDefault: true }).where(eq(savedPaymentMethods.id, id));
    return listOn(tx, userId);
  });
}

/**
 * DELETE /user/saved_payments_methods: the provider stops the card being charged, then the shop
 * forgets it; the oldest card left becomes the default. A card that renews a membership is kept
 * until another card is chosen for the renewals. Another customer's card is answered like none.
 */
/** A card that renews a membership is kept until another card is chosen for the renewals. */
async function assertNotRenewing(db: DbExecutor, id: string): Promise<void> {
  if ((await renewalCards.ask({ cardId: id }, db)).length > 0) throw new AppError(409, PAYMENT_MESSAGES.cardRenews);
}

export async function removeSavedPaymentMethod(userId: string, id: string): Promise<SavedPaymentMethod[]> {
  const db = await getDb();
  const [card] = await db
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.userId, userId)))
    .limit(1);
  if (!card) throw new AppError(404, PAYMENT_MESSAGES.savedCardNotFound);
  await assertNotRenewing(db, id);
  // The provider first, outside any lock: a card it still charges must not vanish from the account.
  await paymentProvider(db).removeCard(card.providerRef);
  await inTransaction(async (tx) => {
    const [locked] = await tx.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, id)).for("update");
    if (!locked) return;
    await tx.delete(savedPaymentMethods).where(eq(savedPaymentMethods.id, id));
    if (locked.isDefault) {
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
