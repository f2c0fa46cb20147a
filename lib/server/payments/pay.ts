import "server-only";
import { createHash } from "node:crypto";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { payments, savedPaymentMethods, type PaymentRow } from "@/lib/db/schema";
import type { PaymentBody } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/http/errors";
import { isUniqueViolation } from "@/lib/server/http/unique-violation";
import { PAYMENT_MESSAGES } from "./messages";
import { providerCustomer } from "./customers";
import { recordSavedCard } from "./saved-methods";
import { InvalidCardError, type BrowserAction, type ChargeResult, type PaymentProvider, type PaymentSource } from "./provider";
import { paymentProvider } from "./select";

// One submit charges once. The orders service locks the order row for the whole attempt (see
// payOrder in lib/server/orders/payment.ts), so attempts on one order (a double click, a retry after
// a timeout, two tabs) run one after the other; the attempt is
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

/** Whether the provider may still tell the shop how the payment ended. */
export function isPending(row: Pick<PaymentRow, "status" | "providerRef">): boolean {
  return row.providerRef !== null && (row.status === "requires_action" || row.status === "processing");
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
}

/**
 * Writes what the provider says of an attempt on its row and answers it. A success is written
 * only over a payment still open (the row is locked by the caller), so of a webhook and the page's
 * re-check arriving together, one applies it and the other finds it done (`changed` false).
 */
async function writeResult(
  tx: Transaction,
  payment: PaymentRow,
  provider: PaymentProvider,
  result: ChargeResult,
  now: Date,
): Promise<ChargeFact & { changed: boolean }> {
  if (result.status === "succeeded" && result.amountCents !== payment.amountCents) {
    throw new Error(`Payment ${payment.id}: the provider charged ${result.amountCents}, the shop asked ${payment.amountCents}`);
  }
  if (result.status === "succeeded" && !paymentDone(payment.status) && (await otherSuccess(tx, payment))) {
    return writeDuplicate(tx, payment, provider, result, now);
  }
  const status: PaymentRow["status"] = result.status;
  const failureMessage =
    result.status === "succeeded" ? null : (result.failureMessage ?? (result.status === "failed" ? PAYMENT_MESSAGES.declined : null));
  const card = result.card ?? { brand: payment.brand, last4: payment.last4, expMonth: payment.expMonth, expYear: payment.expYear };
  const settled = paymentDone(payment.status);
  const changed =
    !settled && (payment.status !== status || payment.failureMessage !== failureMessage || payment.providerRef !== result.providerRef);
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
  const row = settled ? payment : { ...payment, status, failureMessage };
  const keeps = row.status === "succeeded" && payment.saveCard;
  const savedPaymentMethodId = keeps ? await keepSavedCard(tx, payment.userId, provider, result) : null;
  return {
    ...answerOf(row, row.status === "requires_action" ? result.action : null),
    paymentId: payment.id,
    savedPaymentMethodId,
    saveAddress: payment.saveAddress,
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
 * own intent): the money goes straight back, under a key of its own, so the customer pays once.
 */
async function writeDuplicate(
  tx: Transaction,
  payment: PaymentRow,
  provider: PaymentProvider,
  result: ChargeResult,
  now: Date,
): Promise<ChargeFact & { changed: boolean }> {
  await provider.refund({ providerRef: result.providerRef, amountCents: result.amountCents, idempotencyKey: `duplicate-${payment.id}` });
  const row = { ...payment, status: "duplicate_refunded" as const, failureMessage: PAYMENT_MESSAGES.duplicateRefunded };
  await tx
    .update(payments)
    .set({
      status: row.status,
      providerRef: result.providerRef,
      refundedCents: result.amountCents,
      failureMessage: row.failureMessage,
      ...(result.card ?? {}),
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  return { ...answerOf(row), paymentId: payment.id, savedPaymentMethodId: null, saveAddress: false, changed: true };
}

/** A payment whose outcome is known for good. */
function paymentDone(status: PaymentRow["status"]): boolean {
  return status !== "requires_action" && status !== "processing";
}

/**
 * Charges `amountCents` for the order with the card or saved card of `body`, once: the attempt is
 * recorded under the idempotency key before the provider is called. The caller holds the order's
 * row lock and has checked that it can be paid. A card the provider finds invalid is a 422 that
 * rolls the attempt back; a declined card is an answer. `keepCard`: the order holds a membership,
 * which renews on this card, so a typed card is saved whatever the save box said.
 */
export async function chargeOrder(
  tx: Transaction,
  userId: string,
  body: PaymentBody,
  amountCents: number,
  now: Date,
  options: { keepCard?: boolean } = {},
): Promise<ChargeFact> {
  const provider = paymentProvider(tx);
  const { source, shown } = await paymentSource(tx, userId, body, provider);
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
      ...shown,
    })
    .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
    .returning();
  // The same key was used at the same moment for another order (this order's attempts are serialised).
  if (!payment) throw fieldError(422, "idempotencyKey", PAYMENT_MESSAGES.keyReused);

  let result: ChargeResult;
  try {
    result = await provider.charge({
      amountCents,
      currency: "usd",
      source,
      // Derived from the order and the attempt: a retried request meets the provider's first answer.
      idempotencyKey: `order-${body.orderId}-attempt-${userId}-${body.idempotencyKey}`,
      description: `Lenwell order ${body.orderId}`,
      orderId: body.orderId,
      paymentId: payment.id,
      customer: await providerCustomer(tx, provider, userId),
      saveCard,
    });
  } catch (error) {
    if (error instanceof InvalidCardError) {
      // Rolled back with the transaction: the customer corrects the card and the same attempt goes on.
      throw fieldError(422, body.paymentMethodId ? "paymentMethodId" : `card.${error.field}`, error.message);
    }
    throw error;
  }
  const fact = await writeResult(tx, payment, provider, result, now);
  return {
    ...fact,
    savedPaymentMethodId: body.paymentMethodId && fact.status === "paid" ? body.paymentMethodId : fact.savedPaymentMethodId,
  };
}

/** An attempt whose outcome is known: answered from its row, with nothing to apply. */
function unchanged(payment: PaymentRow): ChargeFact & { changed: boolean } {
  return { ...answerOf(payment), paymentId: payment.id, savedPaymentMethodId: null, saveAddress: payment.saveAddress, changed: false };
}

/**
 * Asks the provider how a pending attempt stands now and writes it (the page's re-check after the
 * browser confirmed, a webhook, a replayed request). `changed`: this call moved the payment on, so
 * the caller applies it to the order; false when it was already known.
 */
export async function settlePayment(tx: Transaction, payment: PaymentRow, now: Date): Promise<ChargeFact & { changed: boolean }> {
  const provider = paymentProvider(tx);
  if (!isPending(payment) || !payment.providerRef) return unchanged(payment);
  return writeResult(tx, payment, provider, await provider.retrieve(payment.providerRef), now);
}

/**
 * Stops a pending attempt nobody confirmed (an order expiring, an attempt replaced by another).
 * The provider answers its state: "succeeded" when the customer paid first, which the caller then
 * applies instead of stopping.
 */
export async function cancelPayment(tx: Transaction, payment: PaymentRow, now: Date): Promise<ChargeFact & { changed: boolean }> {
  const provider = paymentProvider(tx);
  if (!isPending(payment) || !payment.providerRef) return unchanged(payment);
  return writeResult(tx, payment, provider, await provider.cancel(payment.providerRef), now);
}

/** The answer to the replay of an attempt already settled. */
export function answerOfPayment(payment: PaymentRow): PaymentAnswer {
  return answerOf(payment);
}
