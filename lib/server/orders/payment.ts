import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { orderItems, orders, type OrderRow, type PaymentRow, type UserRow } from "@/lib/db/schema";
import { findUserById, keepDefaultAddress } from "@/lib/server/auth/users";
import { sameAddress } from "@/lib/rules/same-address";
import type { UsAddress } from "@/lib/schemas/auth";
import type { Order, PaymentBody } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/base/errors";
import { orderConfirmationMail } from "@/lib/server/mail/templates/orders";
import { queueMail } from "@/lib/server/mail/outbox";
import { orderAnnouncements } from "./announcements";
import {
  PAYMENT_MESSAGES,
  answerOfPayment,
  askProvider,
  chargeAtProvider,
  closeLostAttempt,
  findLostCharge,
  isPending,
  latestPaymentOf,
  openAttemptsBefore,
  ordersAwaitingProvider,
  paymentEventSeen,
  paymentForEvent,
  pendingPaymentOf,
  readPaymentEvent,
  recordCardSetupEvent,
  recordChargeAttempt,
  recordPaymentEvent,
  replayedPayment,
  sameRequest,
  stopAtProvider,
  writeChargeResult,
  type BrowserAction,
  type ChargeAttempt,
  type ChargeFact,
  type ChargeResult,
  type PaymentAnswer,
  type PaymentStatusAnswer,
  type ProviderEvent,
} from "@/lib/server/payments";
import { deliveryEstimate } from "@/lib/server/shipping";
import { inTransaction } from "@/lib/server/transaction";
import { paymentNote } from "./event-notes";
import { customerActor, recordDraftAddressChange, recordEvent, SYSTEM_ACTOR, type EventActor } from "./events";
import { ORDER_MESSAGES } from "./messages";
import {
  providerRefundFailed,
  recordDashboardRefund,
  recordDispute,
  recordDisputeWon,
  refundCapacity,
  requestRefund,
  resendStalledRefunds,
} from "./refunds";
import { assertPayable, lockOrder, moveOrder } from "./status";
import { orderBasis, orderTotals } from "./totals";
import { toOrderView } from "./view";
import { log } from "@/lib/server/log";

// The order side of money: the payments service reports what happened to it (a charge succeeded,
// an amount went back), and these functions apply it to the order: its status, its refunded
// amount, its timeline, the plans it bought and the customer's e-mail.

export interface PaymentOutcome {
  status: PaymentStatusAnswer;
  message: string | null;
  /** What the page does next in the browser with the provider's script; null when nothing. */
  action: BrowserAction | null;
  order: Order;
}

/**
 * The address typed on the payment page, put on the locked unpaid order with the tax it brings, so
 * what is charged is the total for that address. The same address again changes nothing.
 */
async function applyTypedAddress(tx: Transaction, order: OrderRow, address: UsAddress, userId: string): Promise<OrderRow> {
  if (sameAddress(address, order.shippingAddress ?? null)) return order;
  const totals = orderTotals(orderBasis(order), order.shippingMethod, address);
  const [updated] = await tx
    .update(orders)
    .set({ shippingAddress: address, ...totals, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new AppError(404, ORDER_MESSAGES.notFound);
  await recordDraftAddressChange(tx, order.id, customerActor(userId));
  return updated;
}

/**
 * Applies what became of a payment attempt to its order (locked by the caller), once: `fact.changed`
 * says this call moved the payment on. Paid: the order is paid, its plans start, the address may
 * become the default, and the customer is e-mailed. Paid after the order closed (expired or
 * cancelled while the customer confirmed), or a second charge of a paid order: the money goes back.
 * Failed: the timeline says so.
 */
async function applyCharge(
  tx: Transaction,
  order: OrderRow,
  fact: ChargeFact & { changed: boolean },
  by: EventActor,
  now: Date,
): Promise<OrderRow> {
  if (!fact.changed) return order;
  if (fact.duplicateCents > 0) {
    await requestRefund(tx, {
      orderId: order.id,
      paymentId: fact.paymentId,
      reason: "duplicate_charge",
      by: SYSTEM_ACTOR,
      parts: [],
      note: PAID_TWICE,
      now,
    });
    return lockOrder(tx, order.id);
  }
  if (fact.status === "failed") {
    await recordEvent(tx, order.id, "payment_failed", by, fact.message);
    return order;
  }
  if (fact.status !== "paid") return order;
  if (order.status !== "pending_payment") {
    // The refund finds this payment (the order has no other): the order stays as it was.
    await refundWhole(tx, order, PAID_AFTER_CLOSE, now);
    return lockOrder(tx, order.id);
  }
  // A membership's renewal order renews that membership instead of starting a plan.
  const [renewal] = await orderAnnouncements.paymentArrived.announce(tx, {
    orderId: order.id,
    paymentId: fact.paymentId,
    paymentMethodId: fact.savedPaymentMethodId,
  });
  if (renewal === "ended") {
    // The membership stopped waiting for this renewal (it lapsed, was cancelled or replaced) just
    // before the payment came: there is nothing left to renew, so the money goes back.
    const cancelled = await moveOrder(tx, order.id, "cancelled", { cancelledAt: now, cancelReason: "renewal_ended", expiresAt: null });
    await refundWhole(tx, cancelled, PAID_AFTER_RENEWAL_ENDED, now);
    return lockOrder(tx, order.id);
  }
  const paid = await moveOrder(tx, order.id, "paid", { paidAt: now, expiresAt: null });
  await recordEvent(tx, order.id, "paid", by, paymentNote(fact.paidWith));
  // The renewal's receipt is its e-mail (sent by the membership); the plan it pays for runs already.
  if (renewal === "renewed") return paid;
  await orderAnnouncements.paid.announce(tx, { orderId: order.id, now, paymentMethodId: fact.savedPaymentMethodId });
  const customer = await findUserById(tx, order.userId);
  if (!customer) throw new AppError(404, ORDER_MESSAGES.notFound);
  // Only a payment that went through keeps the address for next time: a declined one is tried again anyway.
  if (fact.saveAddress && paid.shippingAddress) await keepDefaultAddress(tx, customer.id, paid.shippingAddress, now);
  const view = await toOrderView(tx, paid, now);
  await queueMail(tx, orderConfirmationMail(customer.email, customer.username, view, deliveryEstimate(paid.shippingMethod, now)));
  return paid;
}

/** Everything paid for a closed order goes back: every part of it, in full. */
async function refundWhole(tx: Transaction, order: OrderRow, note: string, now: Date): Promise<void> {
  const parts = (await refundCapacity(tx, order))
    .filter((part) => part.leftCents > 0)
    .map((part) => ({ sku: part.sku, cents: part.leftCents }));
  if (parts.length === 0) return;
  await requestRefund(tx, { orderId: order.id, reason: "paid_after_close", by: SYSTEM_ACTOR, parts, note, cancelling: true, now });
}

const PAID_AFTER_CLOSE = "Paid after the order had closed: the payment went back in full.";
const PAID_AFTER_RENEWAL_ENDED = "Paid after the membership had ended: there was nothing to renew, so the payment went back in full.";
const PAID_TWICE = "A second payment of an order already paid: it went back in full.";

async function outcome(db: DbExecutor, order: OrderRow, answer: PaymentAnswer, now: Date): Promise<PaymentOutcome> {
  return { status: answer.status, message: answer.message, action: answer.action, order: await toOrderView(db, order, now) };
}

/** What the first, locked step of a payment decided: answer at once, or ask the provider and apply its answer. */
type PaymentStep =
  | { kind: "answer"; outcome: PaymentOutcome }
  /**
   * Ask the provider how the open attempt stands: a replay is answered with it; the same request
   * pressed again (`orNew`) starts a new attempt when it turns out to have failed.
   */
  | { kind: "ask"; payment: PaymentRow; orNew: boolean }
  /** Stop the open attempt (another card or address was chosen), then start a new one. */
  | { kind: "stop"; payment: PaymentRow }
  /** Send the attempt just recorded. */
  | { kind: "charge"; attempt: ChargeAttempt };

/**
 * POST /merchandise/order/payment: charges the order's total (computed here) once. No provider call
 * runs inside a transaction: the attempt is recorded under the order's lock (so two submits, an
 * edit, a cancel or the expiry sweep never interleave with it), the provider is called once that
 * commits, and its answer is applied under the lock again. A replayed idempotency key gets the
 * earlier answer before the order's state is checked: the replay of a payment that succeeded must
 * still be told so. An attempt still open (waiting in the browser, or in flight) is asked about
 * instead of starting another: however many times Pay is pressed, the order has one charge.
 */
export async function payOrder(user: UserRow, body: PaymentBody, now: Date = new Date()): Promise<PaymentOutcome> {
  const answer = await chargeOnce(user, body, now);
  // What the provider said, never what was typed: no card number, security code or name here.
  log.info({ orderId: body.orderId, userId: user.id, status: answer.status }, `Order payment: ${answer.status}`);
  return answer;
}

/** One stopped attempt, then one new one: the most a single Pay does at the provider. */
const MAX_PAYMENT_STEPS = 3;

async function chargeOnce(user: UserRow, body: PaymentBody, now: Date): Promise<PaymentOutcome> {
  for (let step = 0; step < MAX_PAYMENT_STEPS; step += 1) {
    const next = await inTransaction((tx) => decidePayment(tx, user, body, now));
    switch (next.kind) {
      case "answer":
        return next.outcome;
      case "ask": {
        const applied = await applyProviderAnswer(next.payment, await askProvider(next.payment), customerActor(user.id), now);
        if (!applied) return inFlight(user.id, body.orderId, now);
        if (next.orNew && applied.status === "failed") continue;
        return applied;
      }
      case "stop": {
        const applied = await applyProviderAnswer(next.payment, await stopAtProvider(next.payment), customerActor(user.id), now);
        // Paid after all, or still waiting on the customer: that is the answer; stopped: a new attempt follows.
        if (!applied) return inFlight(user.id, body.orderId, now);
        if (applied.status !== "failed") return applied;
        continue;
      }
      case "charge": {
        const result = await chargeAtProvider(next.attempt);
        const applied = await applyProviderAnswer(next.attempt.payment, result, customerActor(user.id), now);
        return applied ?? inFlight(user.id, body.orderId, now);
      }
    }
  }
  return inFlight(user.id, body.orderId, now);
}

/** The locked first step of a payment: checks the order and decides what to ask the provider. */
async function decidePayment(tx: Transaction, user: UserRow, body: PaymentBody, now: Date): Promise<PaymentStep> {
  const order = await lockOrder(tx, body.orderId, user.id);
  const replay = await replayedPayment(tx, user.id, body);
  if (replay) {
    if (isPending(replay)) return { kind: "ask", payment: replay, orNew: false };
    return { kind: "answer", outcome: await outcome(tx, order, answerOfPayment(replay), now) };
  }

  // The order's state first: a closed order is refused as closed, whatever address came with it.
  assertPayable({ ...order, shippingAddress: body.shippingAddress ?? order.shippingAddress }, now);
  // Checked again before charging: an order made before a plan's rule, or by any other path, never pays for a plan it may not have.
  const lines = await tx
    .select({ sku: orderItems.sku, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const answers = await orderAnnouncements.charging.announce(tx, { userId: user.id, orderId: order.id, lines, now });
  if (order.shippingMethod === null && body.shippingAddress) {
    throw new AppError(422, `shippingAddress: ${ORDER_MESSAGES.nothingToShip}`, [
      { path: "shippingAddress", message: ORDER_MESSAGES.nothingToShip },
    ]);
  }
  const payable = body.shippingAddress ? await applyTypedAddress(tx, order, body.shippingAddress, user.id) : order;

  const pending = await pendingPaymentOf(tx, order.id);
  if (pending) {
    // The same request for the same total: the attempt already open goes on; another: it is stopped first.
    const same = sameRequest(pending, body) && pending.amountCents === payable.totalCents;
    if (same || pending.providerRef === null) return { kind: "ask", payment: pending, orNew: true };
    return { kind: "stop", payment: pending };
  }

  // A membership renews on the card that paid for it, so that card is kept whatever the save box said.
  const keepCard = answers.includes("keep-card");
  return { kind: "charge", attempt: await recordChargeAttempt(tx, user.id, body, payable.totalCents, now, { keepCard }) };
}

/**
 * Applies what the provider answered about an attempt, in a short transaction under the order's
 * lock; null when it gave no answer (unreachable: the attempt stays open for the re-check).
 */
async function applyProviderAnswer(
  payment: PaymentRow,
  result: ChargeResult | null,
  by: EventActor,
  now: Date,
): Promise<PaymentOutcome | null> {
  if (!result) return null;
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, payment.orderId);
    const fact = await writeChargeResult(tx, payment.id, result, now);
    return outcome(tx, await applyCharge(tx, order, fact, by, now), fact, now);
  });
}

/** The answer while an attempt is on its way to the bank: the page checks again shortly. */
async function inFlight(userId: string, orderId: string, now: Date): Promise<PaymentOutcome> {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw new AppError(404, ORDER_MESSAGES.notFound);
  return outcome(db, order, { status: "processing", message: PAYMENT_MESSAGES.inFlight, action: null }, now);
}

/**
 * POST /merchandise/order/payment/check: the page asks, once the browser has confirmed the payment
 * with the provider's script, how it ended, without waiting for the provider's webhook. Both apply
 * the same outcome under the order's lock, so whichever comes second finds it done.
 */
export async function checkOrderPayment(user: UserRow, orderId: string, now: Date = new Date()): Promise<PaymentOutcome> {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
    .limit(1);
  if (!order) throw new AppError(404, ORDER_MESSAGES.notFound);
  const pending = await pendingPaymentOf(db, order.id);
  if (!pending) {
    const latest = await latestPaymentOf(db, order.id);
    const answer: PaymentAnswer = latest
      ? answerOfPayment(latest)
      : { status: "failed", message: PAYMENT_MESSAGES.noAttempt, action: null };
    return outcome(db, order, answer, now);
  }
  const applied = await applyProviderAnswer(pending, await askProvider(pending), customerActor(user.id), now);
  return applied ?? inFlight(user.id, orderId, now);
}

/**
 * A provider's webhook: its signature is checked, then the event is applied (applyPaymentEvent).
 */
export async function receivePaymentEvent(
  payload: string,
  headers: Headers,
  now: Date = new Date(),
): Promise<{ received: true; duplicate: boolean }> {
  return applyPaymentEvent(await readPaymentEvent(payload, headers), now);
}

/**
 * Applies a verified provider event once: it is recorded by its id in the transaction that applies
 * it (a replay or a redelivery finds it and changes nothing). A charge's event makes the shop read
 * the charge again, outside any transaction, so events that arrive out of order still leave its
 * latest state. Events about charges the shop did not make are recorded and otherwise ignored.
 */
export async function applyPaymentEvent(event: ProviderEvent, now: Date = new Date()): Promise<{ received: true; duplicate: boolean }> {
  const db = await getDb();
  if (await paymentEventSeen(db, event.id)) return { received: true, duplicate: true };
  if (event.kind === "charge") {
    // Read from the provider before any lock is taken; applied (and the event recorded) under the order's lock.
    const payment = await paymentForEvent(db, event.providerRef, event.paymentId);
    const result = payment && isPending(payment) ? await askProvider(payment) : null;
    return inTransaction(async (tx) => {
      if (!(await recordPaymentEvent(tx, event))) return { received: true, duplicate: true };
      if (payment && result) {
        const order = await lockOrder(tx, payment.orderId);
        await applyCharge(tx, order, await writeChargeResult(tx, payment.id, result, now), SYSTEM_ACTOR, now);
      }
      return { received: true, duplicate: false };
    });
  }
  if (event.kind === "card_setup") {
    await recordCardSetupEvent(event.reference, event.id);
    return { received: true, duplicate: false };
  }
  return inTransaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event))) return { received: true, duplicate: true };
    if (event.kind === "other") return { received: true, duplicate: false };
    const payment = await paymentForEvent(tx, event.providerRef);
    if (!payment) return { received: true, duplicate: false };
    const order = await lockOrder(tx, payment.orderId);
    let planSkus: string[] = [];
    switch (event.kind) {
      case "refund":
        planSkus = await recordDashboardRefund(tx, order, payment.id, event.refundedCents, now);
        break;
      case "refund_failed":
        await providerRefundFailed(
          tx,
          { paymentId: payment.id, refundRef: event.refundRef, amountCents: event.amountCents, message: event.message },
          now,
        );
        break;
      case "dispute":
        planSkus = await recordDispute(
          tx,
          order,
          { paymentId: payment.id, disputeRef: event.disputeRef, cents: event.amountCents, reason: event.reason },
          now,
        );
        break;
      case "dispute_closed":
        if (event.won) await recordDisputeWon(tx, await lockOrder(tx, order.id), event.disputeRef, now);
        break;
    }
    // A refund ends what it paid for: a plan whose line the money reached ends now, and its holder is told.
    if (planSkus.length > 0) {
      await orderAnnouncements.planLinesRefunded.announce(tx, {
        orderId: order.id,
        skus: planSkus,
        how: event.kind === "dispute" ? "dispute" : "refund",
        now,
      });
    }
    return { received: true, duplicate: false };
  });
}

/**
 * Before unpaid orders past their time are cancelled, the attempts the provider still holds for
 * them are stopped (the customer may be on the bank's page at that moment), outside any lock. One
 * the customer paid first is applied instead, and that order is not expired.
 */
export async function stopPaymentsOfExpiring(orderIds: readonly string[], now: Date): Promise<void> {
  const db = await getDb();
  for (const orderId of await ordersAwaitingProvider(db, orderIds)) {
    const pending = await pendingPaymentOf(db, orderId);
    if (!pending) continue;
    await applyProviderAnswer(pending, await stopAtProvider(pending), SYSTEM_ACTOR, now);
  }
}

/** How long an attempt may stay open without the provider's answer before the money job asks about it. */
export const OPEN_ATTEMPT_GRACE_MS = 2 * 60_000;

/**
 * The money job: finishes what a crash or a lost answer interrupted. Attempts open past the grace
 * time are asked about (an in-flight one by its key: the provider may have charged it); one the
 * provider has no charge for is closed as failed, so the customer can pay again. Refunds left
 * pending are sent again under their own keys.
 */
export async function finishInterruptedMoney(now: Date): Promise<{ attempts: number; refunds: number }> {
  const db = await getDb();
  const open = await openAttemptsBefore(db, new Date(now.getTime() - OPEN_ATTEMPT_GRACE_MS));
  for (const payment of open) {
    if (payment.providerRef !== null) {
      await applyProviderAnswer(payment, await askProvider(payment), SYSTEM_ACTOR, now);
      continue;
    }
    const found = await findLostCharge(payment);
    if (found === "none") {
      await inTransaction(async (tx) => {
        const order = await lockOrder(tx, payment.orderId);
        await applyCharge(tx, order, await closeLostAttempt(tx, payment.id, now), SYSTEM_ACTOR, now);
      });
    } else if (found) await applyProviderAnswer(payment, found, SYSTEM_ACTOR, now);
  }
  return { attempts: open.length, refunds: await resendStalledRefunds(now) };
}
