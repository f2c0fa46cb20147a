import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { orders, type UserRow } from "@/lib/db/schema";
import { AppError } from "@/lib/server/base/errors";
import { PAYMENT_MESSAGES, pendingPaymentOf, sandboxGateway } from "@/lib/server/payments";
import { ORDER_MESSAGES } from "./messages";
import { checkOrderPayment, type PaymentOutcome } from "./payment";

/**
 * POST /merchandise/order/payment/bank-check (Test mode only): the customer's page, standing in
 * for the bank, passes or fails the check (3-D Secure) the order's waiting sandbox charge asks for.
 * The charge moves at the gateway first, outside any transaction, exactly as a real bank's answer
 * reaches the provider before the shop hears of it; then the shop reads and applies it the way
 * `payment/check` does (checkOrderPayment: the provider asked outside any transaction, the outcome
 * written under the order's lock). An answer given but not applied (the process died in between)
 * is applied by the same answer asked again, by `payment/check`, or by the money job.
 */
export async function answerBankCheck(user: UserRow, orderId: string, passed: boolean, now: Date = new Date()): Promise<PaymentOutcome> {
  const db = await getDb();
  const gateway = sandboxGateway(db);
  if (!gateway) throw new AppError(404, PAYMENT_MESSAGES.bankCheckTestOnly);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
    .limit(1);
  if (!order) throw new AppError(404, ORDER_MESSAGES.notFound);
  const pending = await pendingPaymentOf(db, order.id);
  if (pending?.status !== "requires_action" || !pending.providerRef || pending.provider !== gateway.name) {
    throw new AppError(409, PAYMENT_MESSAGES.noBankCheck);
  }
  const answer = await gateway.answerBankCheck(pending.providerRef, passed);
  // Whatever the charge came to, the shop learns it now; a charge that no longer waited (stopped,
  // or answered the other way a moment ago) is still a refusal of this answer.
  const outcome = await checkOrderPayment(user, order.id, now);
  if (answer.kind === "not_waiting") throw new AppError(409, PAYMENT_MESSAGES.noBankCheck);
  return outcome;
}
