import "server-only";
import { eq } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { orderItems, orders, users, type OrderRow, type UserRow } from "@/lib/db/schema";
import { sameAddress } from "@/lib/same-address";
import type { UsAddress } from "@/lib/schemas/auth";
import type { Order, PaymentBody } from "@/lib/schemas/order";
import { AppError } from "@/lib/server/http/errors";
import { orderConfirmationMail } from "@/lib/server/mail/templates/orders";
import { queueMail } from "@/lib/server/mail/outbox";
import { activatePlans, assertCarePlanBuyable, orderHasMembership, renewOnPaidOrder } from "@/lib/server/memberships";
import {
  PAYMENT_MESSAGES,
  answerOfPayment,
  cancelPayment,
  chargeOrder,
  latestPaymentOf,
  ordersAwaitingProvider,
  paymentForEvent,
  pendingPaymentOf,
  readPaymentEvent,
  recordPaymentEvent,
  recordProviderRefund,
  refundPayment,
  replayedPayment,
  sameRequest,
  settlePayment,
  type BrowserAction,
  type ChargeFact,
  type PaymentAnswer,
  type PaymentStatusAnswer,
} from "@/lib/server/payments";
import { deliveryEstimate } from "@/lib/server/shipping";
import { inTransaction } from "@/lib/server/transaction";
import { disputeNote, providerRefundNote, refundNote } from "./event-notes";
import { customerActor, recordDraftAddressChange, recordEvent, SYSTEM_ACTOR, type EventActor } from "./events";
import { ORDER_MESSAGES } from "./messages";
import { assertPayable, lockOrder, moveOrder, paymentReceived } from "./status";
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
 * cancelled while the customer confirmed): the money goes back at once. Failed: the timeline says so.
 */
async function applyCharge(
  tx: Transaction,
  order: OrderRow,
  fact: ChargeFact & { changed: boolean },
  by: EventActor,
  now: Date,
): Promise<OrderRow> {
  if (!fact.changed) return order;
  if (fact.status === "failed") {
    await recordEvent(tx, order.id, "payment_failed", by, fact.message);
    return order;
  }
  if (fact.status !== "paid") return order;
  if (order.status !== "pending_payment") {
    // The refund finds this payment (the order has no other): the order stays as it was.
    const refunded = await refundOrder(tx, order.id, order.totalCents, SYSTEM_ACTOR, { cancelling: true, note: PAID_AFTER_CLOSE });
    return refunded;
  }
  // A membership's renewal order renews that membership instead of starting a plan.
  const renewal = await renewOnPaidOrder(tx, order.id, { paymentId: fact.paymentId, paymentMethodId: fact.savedPaymentMethodId });
  if (renewal === "ended") {
    // The membership stopped waiting for this renewal (it lapsed, was cancelled or replaced) just
    // before the payment came: there is nothing left to renew, so the money goes back.
    await moveOrder(tx, order.id, "cancelled", { cancelledAt: now, cancelReason: "renewal_ended", expiresAt: null });
    return refundOrder(tx, order.id, order.totalCents, SYSTEM_ACTOR, { cancelling: true, note: PAID_AFTER_RENEWAL_ENDED });
  }
  const paid = await moveOrder(tx, order.id, "paid", { paidAt: now, expiresAt: null });
  await recordEvent(tx, order.id, "paid", by, `Payment ${fact.paymentId}`);
  // The renewal's receipt is its e-mail (sent by the membership); the plan it pays for runs already.
  if (renewal === "renewed") return paid;
  await activatePlans(tx, order.id, now, { paymentMethodId: fact.savedPaymentMethodId });
  const [customer] = await tx.select().from(users).where(eq(users.id, order.userId)).limit(1);
  if (!customer) throw new AppError(404, ORDER_MESSAGES.notFound);
  // Only a payment that went through keeps the address for next time: a declined one is tried again anyway.
  if (fact.saveAddress && paid.shippingAddress) {
    await tx.update(users).set({ defaultAddress: paid.shippingAddress, updatedAt: now }).where(eq(users.id, customer.id));
  }
  const view = await toOrderView(tx, paid, now);
  await queueMail(tx, orderConfirmationMail(customer.email, customer.username, view, deliveryEstimate(paid.shippingMethod, now)));
  return paid;
}

const PAID_AFTER_CLOSE = "Paid after the order had closed: the payment went back in full.";
const PAID_AFTER_RENEWAL_ENDED = "Paid after the membership had ended: there was nothing to renew, so the payment went back in full.";

async function outcome(tx: Transaction, order: OrderRow, answer: PaymentAnswer, now: Date): Promise<PaymentOutcome> {
  return { status: answer.status, message: answer.message, action: answer.action, order: await toOrderView(tx, order, now) };
}

/**
 * POST /merchandise/order/payment: charges the order's total (computed here) once. The order row is
 * locked for the whole attempt, so neither a second payment, an edit, a cancel nor the expiry sweep
 * can change it meanwhile; another customer's order answers 404. A replayed idempotency key gets
 * the earlier answer before the order's state is checked: the replay of a payment that succeeded
 * must still be told so. With a provider whose fields confirm in the browser, an attempt still
 * waiting for the customer is answered again instead of starting another: however many times Pay
 * is pressed, the order has one charge to confirm.
 */
export async function payOrder(user: UserRow, body: PaymentBody, now: Date = new Date()): Promise<PaymentOutcome> {
  const answer = await chargeOnce(user, body, now);
  // What the provider said, never what was typed: no card number, security code or name here.
  log.info({ orderId: body.orderId, userId: user.id, status: answer.status }, `Order payment: ${answer.status}`);
  return answer;
}

function chargeOnce(user: UserRow, body: PaymentBody, now: Date): Promise<PaymentOutcome> {
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, body.orderId, user.id);
    const replay = await replayedPayment(tx, user.id, body);
    if (replay) {
      const fact = await settlePayment(tx, replay, now);
      return outcome(tx, await applyCharge(tx, order, fact, customerActor(user.id), now), fact, now);
    }

    // The order's state first: a closed order is refused as closed, whatever address came with it.
    assertPayable({ ...order, shippingAddress: body.shippingAddress ?? order.shippingAddress }, now);
    // Checked again before charging: an order made before the rule, or by any other path, never pays for a plan covering nothing.
    const lines = await tx.select({ sku: orderItems.sku }).from(orderItems).where(eq(orderItems.orderId, order.id));
    await assertCarePlanBuyable(
      tx,
      user.id,
      lines.map((line) => line.sku),
    );
    if (order.shippingMethod === null && body.shippingAddress) {
      throw new AppError(422, `shippingAddress: ${ORDER_MESSAGES.nothingToShip}`, [
        { path: "shippingAddress", message: ORDER_MESSAGES.nothingToShip },
      ]);
    }
    const payable = body.shippingAddress ? await applyTypedAddress(tx, order, body.shippingAddress, user.id) : order;

    const pending = await pendingPaymentOf(tx, order.id);
    if (pending) {
      // The same request for the same total: the attempt waiting in the browser goes on.
      const fact =
        sameRequest(pending, body) && pending.amountCents === payable.totalCents
          ? await settlePayment(tx, pending, now)
          : await cancelPayment(tx, pending, now);
      const applied = await applyCharge(tx, payable, fact, customerActor(user.id), now);
      if (fact.status === "paid" || fact.status === "requires_action" || fact.status === "processing")
        return outcome(tx, applied, fact, now);
    }

    // A membership renews on the card that paid for it, so that card is kept whatever the save box said.
    const keepCard = await orderHasMembership(order.id, tx);
    const charge = await chargeOrder(tx, user.id, body, payable.totalCents, now, { keepCard });
    const applied = await applyCharge(
      tx,
      payable,
      { ...charge, changed: charge.status !== "requires_action" },
      customerActor(user.id),
      now,
    );
    return outcome(tx, applied, charge, now);
  });
}

/**
 * POST /merchandise/order/payment/check: the page asks, once the browser has confirmed the payment
 * with the provider's script, how it ended, without waiting for the provider's webhook. Both apply
 * the same outcome under the order's lock, so whichever comes second finds it done.
 */
export async function checkOrderPayment(user: UserRow, orderId: string, now: Date = new Date()): Promise<PaymentOutcome> {
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, orderId, user.id);
    const pending = await pendingPaymentOf(tx, order.id);
    if (!pending) {
      const latest = await latestPaymentOf(tx, order.id);
      const answer: PaymentAnswer = latest
        ? answerOfPayment(latest)
        : { status: "failed", message: PAYMENT_MESSAGES.noAttempt, action: null };
      return outcome(tx, order, answer, now);
    }
    const fact = await settlePayment(tx, pending, now);
    return outcome(tx, await applyCharge(tx, order, fact, customerActor(user.id), now), fact, now);
  });
}

/**
 * A provider's webhook: its signature is checked, then, in one transaction, the event is recorded
 * by its id (a replay or a redelivery finds it and changes nothing) and applied. A charge's event
 * makes the shop read the charge again, so events that arrive out of order still leave its latest
 * state. Events about charges the shop did not make are recorded and otherwise ignored.
 */
export async function receivePaymentEvent(
  payload: string,
  headers: Headers,
  now: Date = new Date(),
): Promise<{ received: true; duplicate: boolean }> {
  const event = await readPaymentEvent(payload, headers);
  return inTransaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event))) return { received: true, duplicate: true };
    if (event.kind === "other" || event.kind === "card_setup") return { received: true, duplicate: false };
    const payment = await paymentForEvent(tx, event.providerRef, { lock: false });
    if (!payment) return { received: true, duplicate: false };
    const order = await lockOrder(tx, payment.orderId);
    // Read again under the order's lock: a re-check may have moved it meanwhile.
    const current = (await paymentForEvent(tx, event.providerRef, { lock: true })) ?? payment;
    switch (event.kind) {
      case "charge":
        await applyCharge(tx, order, await settlePayment(tx, current, now), SYSTEM_ACTOR, now);
        break;
      case "refund": {
        const more = await recordProviderRefund(tx, current, event.refundedCents, now);
        if (more > 0) await applyProviderRefund(tx, order, more);
        break;
      }
      case "dispute":
        await recordEvent(tx, order.id, "disputed", SYSTEM_ACTOR, disputeNote(event.amountCents, event.reason));
        break;
    }
    return { received: true, duplicate: false };
  });
}

/**
 * Gives back `amountCents` of an order's payment through the provider and applies it: the order's
 * refunded amount goes up and the timeline says so. When everything paid has gone back, a paid,
 * shipped or delivered order becomes "refunded"; a cancellation (`cancelling`) moves the order to
 * "cancelled" itself instead. The order row is locked until the caller's transaction ends.
 */
export async function refundOrder(
  tx: Transaction,
  orderId: string,
  amountCents: number,
  by: EventActor,
  options: { cancelling?: boolean; note?: string } = {},
): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  const refund = await refundPayment(tx, order.id, amountCents);
  const refundedCents = order.refundedCents + refund.amountCents;
  const whole = refundedCents >= order.totalCents && paymentReceived(order.status) && !options.cancelling;
  const [updated] = whole
    ? [await moveOrder(tx, order.id, "refunded", { refundedCents })]
    : await tx.update(orders).set({ refundedCents, updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
  if (!updated) throw new AppError(404, ORDER_MESSAGES.notFound);
  const note = refundNote(refund.amountCents, refund);
  await recordEvent(tx, order.id, "refunded", by, options.note ? `${note} ${options.note}` : note);
  return updated;
}

/**
 * Money that went back outside the shop (from the provider's dashboard): the order's refunded
 * amount follows, and the timeline says where it came from. It moves the order to "refunded" as
 * a refund from the shop would, when everything paid has gone back.
 */
async function applyProviderRefund(tx: Transaction, order: OrderRow, amountCents: number): Promise<void> {
  const refundedCents = Math.min(order.totalCents, order.refundedCents + amountCents);
  const whole = refundedCents >= order.totalCents && paymentReceived(order.status);
  if (whole) await moveOrder(tx, order.id, "refunded", { refundedCents });
  else await tx.update(orders).set({ refundedCents, updatedAt: new Date() }).where(eq(orders.id, order.id));
  await recordEvent(tx, order.id, "refunded", SYSTEM_ACTOR, providerRefundNote(amountCents));
}

/**
 * Before unpaid orders past their time are cancelled, the attempts the provider still holds for
 * them are stopped (the customer may be on the bank's page at that moment). One the customer paid
 * first is applied instead, and that order is not expired.
 */
export async function stopPaymentsOfExpiring(orderIds: readonly string[], now: Date): Promise<void> {
  const awaiting = await inTransaction((tx) => ordersAwaitingProvider(tx, orderIds));
  for (const orderId of awaiting) {
    await inTransaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      const pending = await pendingPaymentOf(tx, order.id);
      if (!pending || order.status !== "pending_payment") return;
      await applyCharge(tx, order, await cancelPayment(tx, pending, now), SYSTEM_ACTOR, now);
    });
  }
}
