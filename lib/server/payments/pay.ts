import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { payments, savedPaymentMethods, type PaymentRow } from "@/lib/db/schema";
import type { PaymentBody } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/http/errors";
import { isUniqueViolation } from "@/lib/server/http/unique-violation";
import { PAYMENT_MESSAGES } from "./messages";
import { InvalidCardError, type ChargeResult, type PaymentProvider, type PaymentSource } from "./provider";
import { paymentProvider } from "./select";

// One submit charges once. The orders service locks the order row for the whole attempt (see
// payOrder in lib/server/orders/payment.ts), so attempts on one order (a double click, a retry after
// a timeout, two tabs) run one after the other; the attempt is
// recorded under the customer's idempotency key before the provider is called, so a replayed key
// finds it and answers its result instead of charging again; the provider gets a key derived from
// it, so even a charge whose recording was lost is not repeated; and the partial unique index
// "one successful payment per order" is the last line of defence.
//
// This module only reports what happened to the money (a charge succeeded, failed or needs the
// bank's confirmation); the orders service decides what that means for the order.

export type PaymentStatusAnswer = "paid" | "failed" | "requires_action";

/** What a payment attempt came to, as the customer is told. */
export interface PaymentAnswer {
  status: PaymentStatusAnswer;
  message: string | null;
}

function answerOf(row: Pick<PaymentRow, "status" | "failureMessage">): PaymentAnswer {
  switch (row.status) {
    case "succeeded":
    case "refunded":
    case "partially_refunded":
      return { status: "paid", message: PAYMENT_MESSAGES.paid };
    case "requires_action":
      return { status: "requires_action", message: row.failureMessage ?? PAYMENT_MESSAGES.requiresAction };
    default:
      return { status: "failed", message: row.failureMessage };
  }
}

/** An address in a fixed key order (jsonb and JSON bodies may order keys differently). */
function addressKey(address: NonNullable<PaymentBody["shippingAddress"]>): string[] {
  return [address.fullName, address.line1, address.line2 ?? "", address.city, address.state, address.zip];
}

/** What the request asked for; never the card number itself, only what the payment row keeps anyway. */
function fingerprintOf(body: PaymentBody): string {
  const method = body.paymentMethodId
    ? `saved:${body.paymentMethodId}`
    : `card:${body.card?.number.slice(-4)}:${body.card?.expMonth}/${body.card?.expYear}`;
  const request: unknown[] = [body.orderId, method, body.savePaymentMethod === true];
  // Appended only when sent, so the fingerprints of attempts made without an address stay as they were.
  if (body.shippingAddress) request.push(addressKey(body.shippingAddress), body.saveAddressAsDefault === true);
  return createHash("sha256").update(JSON.stringify(request)).digest("hex");
}

function fieldError(code: number, path: string, message: string): AppError {
  return new AppError(code, `${path}: ${message}`, [{ path, message }]);
}

async function paymentSource(tx: Transaction, userId: string, body: PaymentBody, provider: PaymentProvider) {
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
    const source: PaymentSource = { kind: "saved", reference: saved.providerRef };
    return { source, shown: { brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear } };
  }
  if (!body.card) throw fieldError(422, "card", "Choose a saved card or enter a new one.");
  const digits = body.card.number;
  const source: PaymentSource = { kind: "card", card: body.card };
  return { source, shown: { brand: null, last4: digits.slice(-4), expMonth: body.card.expMonth, expYear: body.card.expYear } };
}

/** Saves the typed card when asked to (or when `keep`: a membership renews on it); its saved id. */
async function saveCardFor(
  tx: Transaction,
  userId: string,
  provider: PaymentProvider,
  body: PaymentBody,
  keep: boolean,
): Promise<string | null> {
  if (!body.card || (body.savePaymentMethod !== true && !keep)) return null;
  const card = await provider.saveCard(body.card);
  const [existing] = await tx
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, userId))
    .limit(1);
  const [saved] = await tx
    .insert(savedPaymentMethods)
    .values({
      userId,
      provider: provider.name,
      providerRef: card.reference,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      isDefault: !existing,
    })
    .returning({ id: savedPaymentMethods.id });
  return saved?.id ?? null;
}

/**
 * The answer of an earlier attempt made with the same idempotency key, or null for a new key. A key
 * used for another order or another request is refused. Asked before the order's state is checked:
 * the replay of a payment that succeeded must still get its answer, though the order is paid now.
 */
export async function replayedPayment(tx: Transaction, userId: string, body: PaymentBody): Promise<PaymentAnswer | null> {
  const [earlier] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, body.idempotencyKey)))
    .limit(1);
  if (!earlier) return null;
  if (earlier.orderId !== body.orderId || earlier.requestFingerprint !== fingerprintOf(body)) {
    throw fieldError(422, "idempotencyKey", PAYMENT_MESSAGES.keyReused);
  }
  return answerOf(earlier);
}

export interface ChargeFact extends PaymentAnswer {
  /** The payment row of this attempt. */
  paymentId: string;
  /** The saved card that paid (chosen, or saved by this payment); null when the card was not kept. */
  savedPaymentMethodId: string | null;
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
      idempotencyKey: `${userId}:${body.idempotencyKey}`,
      description: `Lenwell order ${body.orderId}`,
    });
  } catch (error) {
    if (error instanceof InvalidCardError) {
      // Rolled back with the transaction: the customer corrects the card and the same attempt goes on.
      throw fieldError(422, body.paymentMethodId ? "paymentMethodId" : `card.${error.field}`, error.message);
    }
    throw error;
  }

  const status = result.status === "succeeded" ? "succeeded" : result.status === "requires_action" ? "requires_action" : "failed";
  const failureMessage =
    status === "succeeded" ? null : (result.failureMessage ?? (status === "requires_action" ? PAYMENT_MESSAGES.requiresAction : null));
  try {
    await tx
      .update(payments)
      .set({
        status,
        providerRef: result.providerRef,
        brand: result.brand,
        last4: result.last4,
        expMonth: result.expMonth,
        expYear: result.expYear,
        failureMessage,
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, PAYMENT_MESSAGES.alreadyPaid);
    throw error;
  }
  const savedPaymentMethodId =
    status !== "succeeded" ? null : (body.paymentMethodId ?? (await saveCardFor(tx, userId, provider, body, options.keepCard === true)));
  return { ...answerOf({ status, failureMessage }), paymentId: payment.id, savedPaymentMethodId };
}
