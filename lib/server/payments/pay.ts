import "server-only";
import { createHash } from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, ne } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { payments, savedPaymentMethods, type PaymentRow } from "@/lib/db/schema";
import type { PaymentBody } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/base/errors";
import { isUniqueViolation } from "@/lib/server/base/unique-violation";
import { describeError } from "@/lib/server/base/error-log";
import { log } from "@/lib/server/log";
import { cardLabel } from "./card-label";
import { PAYMENT_MESSAGES } from "./messages";
import { providerCustomer } from "./customers";
import { recordSavedCard } from "./saved-methods";
import { InvalidCardError, type BrowserAction, type ChargeResult, type PaymentProvider, type PaymentSource } from "./provider";
import { paymentProvider } from "./select";

// One submit charges once. The orders service records each attempt under the order's row lock in a
// short transaction, calls the provider once that commits (never inside a transaction), and applies
// its answer under the lock again (see payOrder in lib/server/orders/payment.ts): a second submit (a
// double click, a retry after a timeout, two tabs) finds the attempt open and asks about it instead
// of starting another. The attempt is
// recorded under the customer's idempotency key before the provider is called, so a replayed key
// finds it and answers its result instead of charging again; the provider gets a key derived from
// it, so even a charge whose recording was lost is not repeated; and the partial unique index
// "one successful payment per order" is the last line of defence.
//
// With a provider whose own fields take the card in the browser (Stripe), the attempt ends in
// "requires_action": the page confirms it with the provider's script, and the outcome comes later,
// by webhook or by the page's re-check, both through `settlePayment`, which reads the provider's
// state and writes it on the payment row under the order's lock. Either may come first, or both at
// once: the row's status moves once, so the order is paid once.
//
// This module only reports what happened to the money (a charge succeeded, failed or needs the
// customer in the browser); the orders service decides what that means for the order.

export type PaymentStatusAnswer = "paid" | "failed" | "requires_action" | "processing";

/** What a payment attempt came to, as the customer is told. */
export interface PaymentAnswer {
  status: PaymentStatusAnswer;
  message: string | null;
  /** What the page does next in the browser (confirm the card, or the bank's check); null otherwise. */
  action: BrowserAction | null;
}

/** The payment's state in the customer's terms. */
function statusOf(status: PaymentRow["status"]): PaymentStatusAnswer {
  switch (status) {
    case "succeeded":
    case "refunded":
    case "partially_refunded":
      return "paid";
    case "requires_action":
      return "requires_action";
    case "processing":
      return "processing";
    case "failed":
    case "canceled":
    case "duplicate_refunded":
      return "failed";
  }
}

/**
 * Whether the provider may still tell the shop how the payment ended: it waits on the customer or
 * the bank, or it is in flight (recorded, sent, its answer not yet written: no reference yet).
 */
export function isPending(row: Pick<PaymentRow, "status">): boolean {
  return row.status === "requires_action" || row.status === "processing";
}

function answerOf(row: Pick<PaymentRow, "status" | "failureMessage">, action: BrowserAction | null = null): PaymentAnswer {
  const status = statusOf(row.status);
  if (status === "paid") return { status, message: PAYMENT_MESSAGES.paid, action: null };
  if (status === "requires_action") return { status, message: row.failureMessage ?? PAYMENT_MESSAGES.requiresAction, action };
  if (status === "processing") return { status, message: row.failureMessage ?? PAYMENT_MESSAGES.processing, action: null };
  return { status, message: row.failureMessage, action: null };
}

/** An address in a fixed key order (jsonb and JSON bodies may order keys differently). */
function addressKey(address: NonNullable<PaymentBody["shippingAddress"]>): string[] {
  return [address.fullName, address.line1, address.line2 ?? "", address.city, address.state, address.zip];
}

/** What the request asked for; never the card number itself, only what the payment row keeps anyway. */
function fingerprintOf(body: PaymentBody): string {
  const method = body.paymentMethodId
    ? `saved:${body.paymentMethodId}`
    : body.card
      ? `card:${body.card.number.slice(-4)}:${body.card.expMonth}/${body.card.expYear}`
      : "provider-fields";
  const request: unknown[] = [body.orderId, method, body.savePaymentMethod === true];
  // Appended only when sent, so the fingerprints of attempts made without an address stay as they were.
  if (body.shippingAddress) request.push(addressKey(body.shippingAddress), body.saveAddressAsDefault === true);
  return createHash("sha256").update(JSON.stringify(request)).digest("hex");
}

function fieldError(code: number, path: string, message: string): AppError {
  return new AppError(code, `${path}: ${message}`, [{ path, message }]);
}

interface Shown {
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

async function paymentSource(
  tx: Transaction,
  userId: string,
  body: PaymentBody,
  provider: PaymentProvider,
): Promise<{ source: PaymentSource; shown: Shown }> {
  if (body.paymentMethodId) {
    const [saved] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(
        and(
          eq(savedPaymentMethods.id, body.paymentMethodId),
          eq(savedPaymentMethods.userId, userId),
          eq(savedPaymentMethods.provider, provider.name),
        ),
      )
      .limit(1);
    // Another customer's card is answered like one that does not exist.
    if (!saved) throw new AppError(404, PAYMENT_MESSAGES.savedCardNotFound);
    return {
      source: { kind: "saved", reference: saved.providerRef },
      shown: { brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear },
    };
  }
  if (provider.cardEntry === "provider") {
    // The card is typed into the provider's own fields; one sent here is refused, not passed on.
    if (body.card) throw fieldError(422, "card", PAYMENT_MESSAGES.cardNotTaken);
    return { source: { kind: "browser" }, shown: { brand: null, last4: null, expMonth: null, expYear: null } };
  }
  if (!body.card) throw fieldError(422, "card", PAYMENT_MESSAGES.newCardNeeded);
  return {
    source: { kind: "card", card: body.card },
    shown: { brand: null, last4: body.card.number.slice(-4), expMonth: body.card.expMonth, expYear: body.card.expYear },
  };
}

/** Keeps the card a successful charge kept at the provider, for the customer, once (webhook and re-check may both ask); its saved id. */
async function keepSavedCard(tx: Transaction, userId: string, provider: PaymentProvider, result: ChargeResult): Promise<string | null> {
  if (!result.savedCard) return null;
  return (await recordSavedCard(tx, userId, provider.name, result.savedCard)).id;
}

/**
 * The earlier attempt made with the same idempotency key, or null for a new key. A key used for
 * another order or another request is refused. Asked before the order's state is checked: the
 * replay of a payment that succeeded must still get its answer, though the order is paid now.
 */
export async function replayedPayment(tx: Transaction, userId: string, body: PaymentBody): Promise<PaymentRow | null> {
  const [earlier] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, body.idempotencyKey)))
    .limit(1);
  if (!earlier) return null;
  if (earlier.orderId !== body.orderId || earlier.requestFingerprint !== fingerprintOf(body)) {
    throw fieldError(422, "idempotencyKey", PAYMENT_MESSAGES.keyReused);
  }
  return earlier;
}

/** The order's newest attempt whose outcome the provider has still to tell, or null. */
export async function pendingPaymentOf(tx: DbExecutor, orderId: string): Promise<PaymentRow | null> {
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["requires_action", "processing"])))
    .orderBy(desc(payments.createdAt));
  return rows.find(isPending) ?? null;
}

/**
 * The bank's check the order's waiting payment asks of the customer's browser (a renewal the bank
 * refused off-session, a saved card's 3-D Secure left half-way), as the provider tells it now; null
 * when no payment waits on one. Only reads: the outcome is written by the page's re-check or the
 * webhook, under the order's lock.
 */
export async function bankCheckOf(orderId: string): Promise<BrowserAction | null> {
  const db = await getDb();
  const pending = await pendingPaymentOf(db, orderId);
  if (!pending?.providerRef || pending.status !== "requires_action") return null;
  const result = await paymentProvider(db).retrieve(pending.providerRef);
  return result.status === "requires_action" && result.action?.kind === "authenticate" ? result.action : null;
}

/** Whether a pending attempt was made for what `body` asks now (same card choice, address, boxes). */
export function sameRequest(payment: PaymentRow, body: PaymentBody): boolean {
  return payment.requestFingerprint === fingerprintOf(body);
}

export interface ChargeFact extends PaymentAnswer {
  /** The payment row of this attempt. */
  paymentId: string;
  /** The saved card that paid (chosen, or saved by this payment); null when the card was not kept. */
  savedPaymentMethodId: string | null;
  /** Keep the order's address as the customer's default once paid (asked for with the attempt). */
  saveAddress: boolean;
  /** The card ("Visa •••• 4242") and the provider's reference that the timeline names the payment by. */
  paidWith: { card: string | null; providerRef: string | null };
  /** A charge that must go straight back (a second one for a paid order): its amount; 0 otherwise. */
  duplicateCents: number;
}

/**
 * Writes what the provider says of an attempt on its row and answers it. A success is written
 * only over a payment still open (the row is locked by the caller, under the order's lock), so of
 * a webhook and the page's re-check arriving together, one applies it and the other finds it done
 * (`changed` false). A result older than what the row knows (a "requires_action" read before the
 * bank answered, written after the success) never takes a settled payment back.
 */
export async function writeChargeResult(
  tx: Transaction,
  paymentId: string,
  result: ChargeResult,
  now: Date,
): Promise<ChargeFact & { changed: boolean }> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment) throw new Error(`No payment ${paymentId} to write the provider's answer on`);
  if (result.status === "succeeded" && result.amountCents !== payment.amountCents) {
    throw new Error(`Payment ${payment.id}: the provider charged ${result.amountCents}, the shop asked ${payment.amountCents}`);
  }
  if (paymentDone(payment.status)) {
    // A charge that went through on an attempt the shop had closed (failed or stopped meanwhile):
    // nobody meant to pay twice, so the money goes back (the caller records the refund).
    if (result.status === "succeeded" && (payment.status === "failed" || payment.status === "canceled")) {
      return writeDuplicate(tx, payment, result, now);
    }
    return unchanged(payment);
  }
  const provider = paymentProvider(tx);
  if (result.status === "succeeded" && (await otherSuccess(tx, payment))) return writeDuplicate(tx, payment, result, now);
  const status: PaymentRow["status"] = result.status;
  const failureMessage =
    result.status === "succeeded" ? null : (result.failureMessage ?? (result.status === "failed" ? PAYMENT_MESSAGES.declined : null));
  const card = result.card ?? { brand: payment.brand, last4: payment.last4, expMonth: payment.expMonth, expYear: payment.expYear };
  const changed = payment.status !== status || payment.failureMessage !== failureMessage || payment.providerRef !== result.providerRef;
  if (changed) {
    try {
      await tx
        .update(payments)
        .set({ status, providerRef: result.providerRef, ...card, failureMessage, updatedAt: now })
        .where(eq(payments.id, payment.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, PAYMENT_MESSAGES.alreadyPaid);
      throw error;
    }
  }
  const row = { ...payment, status, failureMessage, providerRef: result.providerRef, ...card };
  const keeps = row.status === "succeeded" && payment.saveCard;
  const savedPaymentMethodId = keeps ? await keepSavedCard(tx, payment.userId, provider, result) : null;
  return {
    ...answerOf(row, row.status === "requires_action" ? result.action : null),
    paymentId: payment.id,
    savedPaymentMethodId: savedPaymentMethodId ?? (row.status === "succeeded" ? payment.savedPaymentMethodId : null),
    saveAddress: payment.saveAddress,
    paidWith: paidWithOf(row),
    duplicateCents: 0,
    changed: changed && status !== payment.status,
  };
}

/** Whether another attempt already paid the payment's order (the caller holds the order's lock). */
async function otherSuccess(tx: Transaction, payment: PaymentRow): Promise<boolean> {
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, payment.orderId),
        ne(payments.id, payment.id),
        inArray(payments.status, ["succeeded", "refunded", "partially_refunded"]),
      ),
    )
    .limit(1);
  return other !== undefined;
}

/**
 * A second charge went through for an order another attempt had paid (two tabs, each confirming its
 * own intent), or for an attempt the shop had closed: the payment is marked to go straight back
 * (`duplicateCents`, which the orders service records as a refund), so the customer pays once.
 */
async function writeDuplicate(
  tx: Transaction,
  payment: PaymentRow,
  result: ChargeResult,
  now: Date,
): Promise<ChargeFact & { changed: boolean }> {
  const row = { ...payment, status: "duplicate_refunded" as const, failureMessage: PAYMENT_MESSAGES.duplicateRefunded };
  await tx
    .update(payments)
    .set({
      status: row.status,
      providerRef: result.providerRef,
      failureMessage: row.failureMessage,
      ...(result.card ?? {}),
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  return {
    ...answerOf(row),
    paymentId: payment.id,
    savedPaymentMethodId: null,
    saveAddress: false,
    paidWith: paidWithOf({ ...row, providerRef: result.providerRef, ...(result.card ?? {}) }),
    duplicateCents: result.amountCents,
    changed: true,
  };
}

/** A payment whose outcome is known for good. */
function paymentDone(status: PaymentRow["status"]): boolean {
  return status !== "requires_action" && status !== "processing";
}

/** What names a payment on the timeline: its card and the provider's reference. */
function paidWithOf(row: Pick<PaymentRow, "brand" | "last4" | "providerRef">): ChargeFact["paidWith"] {
  return { card: row.brand && row.last4 ? cardLabel(row.brand, row.last4) : null, providerRef: row.providerRef };
}

/** An attempt recorded and not yet sent to the provider: what `chargeAtProvider` sends. */
export interface ChargeAttempt {
  payment: PaymentRow;
  /** The card or saved card: held in memory for the one call, never stored. */
  source: PaymentSource;
}

/**
 * Records an attempt to charge `amountCents` for the order with the card or saved card of `body`,
 * under the customer's idempotency key, before the provider is called (`chargeAtProvider`, after
 * this transaction commits). The caller holds the order's row lock and has checked that it can be
 * paid. `keepCard`: the order holds a membership, which renews on this card, so a typed card is
 * saved whatever the save box said.
 */
export async function recordChargeAttempt(
  tx: Transaction,
  userId: string,
  body: PaymentBody,
  amountCents: number,
  now: Date,
  options: { keepCard?: boolean } = {},
): Promise<ChargeAttempt> {
  const provider = paymentProvider(tx);
  const { source, shown } = await paymentSource(tx, userId, body, provider);
  try {
    await provider.checkSource?.(source);
  } catch (error) {
    // Thrown inside the transaction: the typed address and everything else of the request roll back with it.
    if (error instanceof InvalidCardError)
      throw fieldError(422, body.paymentMethodId ? "paymentMethodId" : `card.${error.field}`, error.message);
    throw error;
  }
  const saveCard = source.kind !== "saved" && (body.savePaymentMethod === true || options.keepCard === true);
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: body.orderId,
      userId,
      idempotencyKey: body.idempotencyKey,
      requestFingerprint: fingerprintOf(body),
      provider: provider.name,
      status: "processing",
      amountCents,
      saveCard,
      saveAddress: body.saveAddressAsDefault === true && body.shippingAddress !== undefined,
      savedPaymentMethodId: body.paymentMethodId ?? null,
      createdAt: now,
      updatedAt: now,
      ...shown,
    })
    .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
    .returning();
  // The same key was used at the same moment for another order (this order's attempts are serialised).
  if (!payment) throw fieldError(422, "idempotencyKey", PAYMENT_MESSAGES.keyReused);
  return { payment, source };
}

/** The key the provider is asked under for an attempt: a retried call meets the provider's first answer. */
function chargeKey(payment: Pick<PaymentRow, "orderId" | "userId" | "idempotencyKey">): string {
  return `order-${payment.orderId}-attempt-${payment.userId}-${payment.idempotencyKey}`;
}

/**
 * Sends a recorded attempt to the provider, outside any transaction. A card the provider finds
 * invalid before any charge exists removes the attempt (the customer corrects the field and the
 * same key goes on) and is a 422. Null when the provider's answer was lost (a timeout, a network
 * fault): the attempt stays in flight, and the page's re-check or the money job asks the provider
 * for it (`askProvider`).
 */
export async function chargeAtProvider(attempt: ChargeAttempt): Promise<ChargeResult | null> {
  const db = await getDb();
  const provider = paymentProvider(db);
  const { payment, source } = attempt;
  try {
    return await provider.charge({
      amountCents: payment.amountCents,
      currency: "usd",
      source,
      idempotencyKey: chargeKey(payment),
      description: `Lenwell order ${payment.orderId}`,
      orderId: payment.orderId,
      paymentId: payment.id,
      customer: await providerCustomer(db, provider, payment.userId),
      saveCard: payment.saveCard,
    });
  } catch (error) {
    if (error instanceof InvalidCardError) {
      await db.delete(payments).where(and(eq(payments.id, payment.id), eq(payments.status, "processing"), isNull(payments.providerRef)));
      throw fieldError(422, payment.savedPaymentMethodId ? "paymentMethodId" : `card.${error.field}`, error.message);
    }
    log.warn(
      { paymentId: payment.id, error: describeError(error) },
      "The payment provider did not answer a charge; it is asked again later",
    );
    return null;
  }
}

/**
 * How the provider knows an open attempt now, asked outside any transaction: the charge itself
 * once its reference is known, else the charge made under the attempt's key (an answer that was
 * lost). Null when the provider cannot say now (unreachable), or, for `lost`, has no charge.
 */
export async function askProvider(payment: PaymentRow): Promise<ChargeResult | null> {
  const provider = paymentProvider(await getDb());
  try {
    if (payment.providerRef) return await provider.retrieve(payment.providerRef);
    return await provider.findCharge(payment.id, chargeKey(payment));
  } catch (error) {
    log.warn({ paymentId: payment.id, error: describeError(error) }, "The payment provider could not be asked about a payment");
    return null;
  }
}

/**
 * The charge the provider made for an attempt whose answer was lost: "none" when the provider
 * says it has none, null when it cannot be asked now.
 */
export async function findLostCharge(payment: PaymentRow): Promise<ChargeResult | "none" | null> {
  const provider = paymentProvider(await getDb());
  try {
    return (await provider.findCharge(payment.id, chargeKey(payment))) ?? "none";
  } catch (error) {
    log.warn({ paymentId: payment.id, error: describeError(error) }, "The payment provider could not be asked about a lost payment");
    return null;
  }
}

/** Stops an open attempt at the provider (outside any transaction); its state, "succeeded" when it was paid first. */
export async function stopAtProvider(payment: PaymentRow): Promise<ChargeResult | null> {
  if (!payment.providerRef) return askProvider(payment);
  try {
    return await paymentProvider(await getDb()).cancel(payment.providerRef);
  } catch (error) {
    log.warn({ paymentId: payment.id, error: describeError(error) }, "The payment provider could not stop a payment");
    return null;
  }
}

/**
 * An attempt sent to the provider whose answer never came (the call failed, or the process died
 * with it), with no charge at the provider either: it is closed as failed, so Pay can be pressed
 * again. Only once the provider said it has none (`askProvider` answered null after a grace time).
 */
export async function closeLostAttempt(tx: Transaction, paymentId: string, now: Date): Promise<ChargeFact & { changed: boolean }> {
  return writeChargeResult(
    tx,
    paymentId,
    {
      status: "failed",
      providerRef: `lost:${paymentId}`,
      amountCents: 0,
      card: null,
      failureMessage: PAYMENT_MESSAGES.interrupted,
      action: null,
      savedCard: null,
    },
    now,
  );
}

/** An attempt whose outcome is known: answered from its row, with nothing to apply. */
function unchanged(payment: PaymentRow): ChargeFact & { changed: boolean } {
  return {
    ...answerOf(payment),
    paymentId: payment.id,
    savedPaymentMethodId: null,
    saveAddress: payment.saveAddress,
    paidWith: paidWithOf(payment),
    duplicateCents: 0,
    changed: false,
  };
}

/** The open attempts (in flight or waiting on the provider) last touched before `before`. */
export async function openAttemptsBefore(db: DbExecutor, before: Date, limit = 50): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ["processing", "requires_action"]), lt(payments.updatedAt, before)))
    .orderBy(payments.updatedAt)
    .limit(limit);
}

/** The answer to the replay of an attempt already settled. */
export function answerOfPayment(payment: PaymentRow): PaymentAnswer {
  return answerOf(payment);
}
