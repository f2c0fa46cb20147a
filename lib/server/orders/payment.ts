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
import { activatePlans, assertCarePlanBuyable, orderHasMembership } from "@/lib/server/memberships";
import { chargeOrder, refundPayment, replayedPayment, type PaymentStatusAnswer } from "@/lib/server/payments";
import { deliveryEstimate } from "@/lib/server/shipping";
import { inTransaction } from "@/lib/server/transaction";
import { refundNote } from "./event-notes";
import { customerActor, recordDraftAddressChange, recordEvent, type EventActor } from "./events";
import { ORDER_MESSAGES } from "./messages";
import { assertPayable, lockOrder, moveOrder, paymentReceived } from "./status";
import { orderBasis, orderTotals } from "./totals";
import { toOrderView } from "./view";

// The order side of money: the payments service reports what happened to it (a charge succeeded,
// an amount went back), and these functions apply it to the order: its status, its refunded
// amount, its timeline, the plans it bought and the customer's e-mail.

export interface PaymentOutcome {
  status: PaymentStatusAnswer;
  message: string | null;
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
 * POST /merchandise/order/payment: charges the order's total (computed here) once. The order row is
 * locked for the whole attempt, so neither a second payment, an edit, a cancel nor the expiry sweep
 * can change it meanwhile; another customer's order answers 404. A replayed idempotency key gets
 * the earlier answer before the order's state is checked: the replay of a payment that succeeded
 * must still be told so.
 */
export async function payOrder(user: UserRow, body: PaymentBody, now: Date = new Date()): Promise<PaymentOutcome> {
  return inTransaction(async (tx) => {
    const order = await lockOrder(tx, body.orderId, user.id);
    const replay = await replayedPayment(tx, user.id, body);
    if (replay) return { ...replay, order: await toOrderView(tx, order, now) };

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
    // A membership renews on the card that paid for it, so that card is kept whatever the save box said.
    const keepCard = await orderHasMembership(order.id, tx);
    const charge = await chargeOrder(tx, user.id, body, payable.totalCents, now, { keepCard });
    if (charge.status !== "paid") {
      await recordEvent(tx, order.id, "payment_failed", customerActor(user.id), charge.message);
      return { status: charge.status, message: charge.message, order: await toOrderView(tx, payable, now) };
    }
    const paid = await moveOrder(tx, order.id, "paid", { paidAt: now, expiresAt: null });
    await recordEvent(tx, order.id, "paid", customerActor(user.id), `Payment ${charge.paymentId}`);
    await activatePlans(tx, order.id, now, { paymentMethodId: charge.savedPaymentMethodId });
    // Only a payment that went through keeps the address for next time: a declined one is tried again anyway.
    if (body.saveAddressAsDefault && body.shippingAddress) {
      await tx.update(users).set({ defaultAddress: body.shippingAddress, updatedAt: now }).where(eq(users.id, user.id));
    }
    const view = await toOrderView(tx, paid, now);
    await queueMail(tx, orderConfirmationMail(user.email, user.username, view, deliveryEstimate(paid.shippingMethod, now)));
    return { status: charge.status, message: charge.message, order: view };
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
  options: { cancelling?: boolean } = {},
): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  const refund = await refundPayment(tx, order.id, amountCents);
  const refundedCents = order.refundedCents + refund.amountCents;
  const whole = refundedCents >= order.totalCents && paymentReceived(order.status) && !options.cancelling;
  const [updated] = whole
    ? [await moveOrder(tx, order.id, "refunded", { refundedCents })]
    : await tx.update(orders).set({ refundedCents, updatedAt: new Date() }).where(eq(orders.id, order.id)).returning();
  if (!updated) throw new AppError(404, ORDER_MESSAGES.notFound);
  await recordEvent(tx, order.id, "refunded", by, refundNote(refund.amountCents, refund));
  return updated;
}
