import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb, type Transaction } from "@/lib/db/client";
import { payments, savedPaymentMethods, type OrderRow, type PaymentRow, type UserRow } from "@/lib/db/schema";
import type { PaymentBody } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/http/errors";
import { orderConfirmationMail } from "@/lib/server/mail/messages";
import { sendMail } from "@/lib/server/mail/transport";
import { getOrderForCustomer, markOrderPaid, orderForPayment, recordEvent } from "@/lib/server/orders";
import { PAYMENT_MESSAGES } from "./messages";
import { InvalidCardError, type ChargeResult, type PaymentProvider, type PaymentSource } from "./provider";
import { paymentProvider } from "./select";

// One submit charges once. The order row is locked for the whole attempt, so attempts on one order
// (a double click, a retry after a timeout, two tabs) run one after the other; the attempt is
// recorded under the customer's idempotency key before the provider is called, so a replayed key
// finds it and answers its result instead of charging again; the provider gets a key derived from
// it, so even a charge whose recording was lost is not repeated; and the partial unique index
// "one successful payment per order" is the last line of defence.

export type PaymentStatusAnswer = "paid" | "failed" | "requires_action";

export interface PaymentOutcome {
  status: PaymentStatusAnswer;
  message: string | null;
  order: Awaited<ReturnType<typeof getOrderForCustomer>>;
}

function answerOf(row: Pick<PaymentRow, "status" | "failureMessage">): { status: PaymentStatusAnswer; message: string | null } {
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

/** What the request asked for; never the card number itself, only what the payment row keeps anyway. */
function fingerprintOf(body: PaymentBody): string {
  const method = body.paymentMethodId
    ? `saved:${body.paymentMethodId}`
    : `card:${body.card?.number.slice(-4)}:${body.card?.expMonth}/${body.card?.expYear}`;
  return createHash("sha256").update(JSON.stringify([body.orderId, method, body.savePaymentMethod === true])).digest("hex");
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error || (typeof current === "object" && current !== null); ) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function fieldError(code: number, path: string, message: string): AppError {
  return new AppError(code, `${path}: ${message}`, [{ path, message }]);
}

function refuseUnpayable(order: OrderRow, now: Date): void {
  if (order.status === "paid" || order.status === "shipped" || order.status === "delivered") {
    throw new AppError(409, PAYMENT_MESSAGES.alreadyPaid);
  }
  if (order.status === "cancelled") {
    throw new AppError(409, order.cancelReason === "expired" ? PAYMENT_MESSAGES.expired : PAYMENT_MESSAGES.cancelled);
  }
  if (order.status !== "pending_payment") throw new AppError(409, PAYMENT_MESSAGES.closed);
  if (order.expiresAt && order.expiresAt <= now) throw new AppError(409, PAYMENT_MESSAGES.expired);
  if (!order.shippingAddress) throw fieldError(422, "shippingAddress", PAYMENT_MESSAGES.needsAddress);
}

async function paymentSource(tx: Transaction, userId: string, body: PaymentBody, provider: PaymentProvider) {
  if (body.paymentMethodId) {
    const [saved] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(and(eq(savedPaymentMethods.id, body.paymentMethodId), eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.provider, provider.name)))
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

async function saveCardFor(tx: Transaction, userId: string, provider: PaymentProvider, body: PaymentBody): Promise<void> {
  if (!body.card || body.savePaymentMethod !== true) return;
  const card = await provider.saveCard(body.card);
  const [existing] = await tx.select({ id: savedPaymentMethods.id }).from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId)).limit(1);
  await tx.insert(savedPaymentMethods).values({
    userId,
    provider: provider.name,
    providerRef: card.reference,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    isDefault: !existing,
  });
}

interface AttemptResult {
  status: PaymentStatusAnswer;
  message: string | null;
  /** True when this request made the charge (not a replay): only then is the confirmation mailed. */
  newlyPaid: boolean;
}

async function attempt(tx: Transaction, user: UserRow, body: PaymentBody, now: Date): Promise<AttemptResult> {
  const order = await orderForPayment(tx, user.id, body.orderId);
  const fingerprint = fingerprintOf(body);

  const [earlier] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.userId, user.id), eq(payments.idempotencyKey, body.idempotencyKey)))
    .limit(1);
  if (earlier) {
    if (earlier.orderId !== order.id || earlier.requestFingerprint !== fingerprint) {
      throw fieldError(422, "idempotencyKey", PAYMENT_MESSAGES.keyReused);
    }
    return { ...answerOf(earlier), newlyPaid: false };
  }

  refuseUnpayable(order, now);
  const provider = paymentProvider(tx);
  const { source, shown } = await paymentSource(tx, user.id, body, provider);

  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      userId: user.id,
      idempotencyKey: body.idempotencyKey,
      requestFingerprint: fingerprint,
      provider: provider.name,
      status: "processing",
      amountCents: order.totalCents,
      ...shown,
    })
    .onConflictDoNothing({ target: [payments.userId, payments.idempotencyKey] })
    .returning();
  // The same key was used at the same moment for another order (this order's attempts are serialised).
  if (!payment) throw fieldError(422, "idempotencyKey", PAYMENT_MESSAGES.keyReused);

  let result: ChargeResult;
  try {
    result = await provider.charge({
      amountCents: order.totalCents,
      currency: "usd",
      source,
      idempotencyKey: `${user.id}:${body.idempotencyKey}`,
      description: `Lenwell order ${order.id}`,
    });
  } catch (error) {
    if (error instanceof InvalidCardError) {
      // Rolled back with the transaction: the customer corrects the card and the same attempt goes on.
      throw fieldError(422, body.paymentMethodId ? "paymentMethodId" : `card.${error.field}`, error.message);
    }
    throw error;
  }

  const status = result.status === "succeeded" ? "succeeded" : result.status === "requires_action" ? "requires_action" : "failed";
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
        failureMessage: status === "succeeded" ? null : (result.failureMessage ?? (status === "requires_action" ? PAYMENT_MESSAGES.requiresAction : null)),
        updatedAt: now,
      })
      .where(eq(payments.id, payment.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, PAYMENT_MESSAGES.alreadyPaid);
    throw error;
  }

  if (status !== "succeeded") {
    await recordEvent(tx, order.id, "payment_failed", { actor: "customer", userId: user.id }, result.failureMessage);
    const answer = answerOf({ status, failureMessage: result.failureMessage });
    return { ...answer, newlyPaid: false };
  }
  // Marks the order paid and activates the membership and care plans it bought.
  await markOrderPaid(tx, order.id, payment.id);
  await saveCardFor(tx, user.id, provider, body);
  return { status: "paid", message: PAYMENT_MESSAGES.paid, newlyPaid: true };
}

/** POST /merchandise/order/payment: charges the order's total (computed here) once. */
export async function payOrder(user: UserRow, body: PaymentBody, now: Date = new Date()): Promise<PaymentOutcome> {
  const db = await getDb();
  const result = await db.transaction((tx) => attempt(tx, user, body, now));
  const order = await getOrderForCustomer(user.id, body.orderId);
  if (result.newlyPaid) {
    sendMail(orderConfirmationMail(user.email, user.username, order)).catch((error: unknown) =>
      console.error("Order confirmation mail failed:", error),
    );
  }
  return { status: result.status, message: result.message, order };
}
