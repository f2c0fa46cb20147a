// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { payments, savedPaymentMethods, sandboxCharges } from "@/lib/db/schema";
import type { Order } from "@/lib/schemas/order";
import { read } from "@/test/support/answer";
import { buyNowAs } from "@/test/support/money";
import { apiRequest, HOUSTON, makeCustomer, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as pay } from "../route";
import { POST as checkPayment } from "../check/route";
import { POST as bankCheck } from "./route";

// Test mode's bank check (3-D Secure), through the real route handlers: the card 4000 0025 0000
// 3155 waits on it, the customer's page passes or fails it, and the shop applies the outcome.

const nextYear = new Date().getUTCFullYear() + 1;
const checkedCard = { number: "4000 0025 0000 3155", expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" };
const goodCard = { ...checkedCard, number: "4242 4242 4242 4242" };
const FAILED_CHECK = "Your bank's check was not completed, so the payment did not go through. Please try again, or use another card.";
const NOTHING_WAITING = "No payment of this order is waiting for your bank's check. Reload the page to see how the payment stands.";

interface PaymentData {
  status: "paid" | "failed" | "requires_action" | "processing";
  message: string | null;
  action: { kind: string; clientSecret: string } | null;
  order: Order;
}

function post(path: string, body: unknown, token: string): Request {
  return apiRequest("POST", `/api/v1/c${path}`, body, { token });
}

const key = () => randomUUID().replaceAll("-", "");

describeEachEngine("the Test mode bank check on $name", (engine) => {
  const db = databaseForSuite(engine);

  const customer = () => makeCustomer(db(), { address: HOUSTON });

  async function order(who: Customer): Promise<string> {
    const answer = await buyNowAs(who, "LW-F1-PP");
    if (!answer.body.data) throw new Error(answer.body.errmsg);
    return answer.body.data.orderId;
  }

  const payWith = async (token: string, body: Record<string, unknown>) =>
    read<PaymentData>(await pay(post("/merchandise/order/payment", body, token)));
  const answerCheck = async (token: string, body: Record<string, unknown>) =>
    read<PaymentData>(await bankCheck(post("/merchandise/order/payment/bank-check", body, token)));

  async function waitingOrder(who: Customer, extra: Record<string, unknown> = {}) {
    const { token } = who;
    const orderId = await order(who);
    const paid = await payWith(token, { orderId, card: checkedCard, idempotencyKey: key(), ...extra });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({
      status: "requires_action",
      message: "Your bank asks you to confirm this payment.",
      action: { kind: "authenticate" },
      order: { status: "pending_payment", canPay: true },
    });
    return orderId;
  }

  it("pays once the bank's check passes, keeps the card asked for, and refuses a second answer", async () => {
    const who = await customer();
    const { id, token } = who;
    const orderId = await waitingOrder(who, { savePaymentMethod: true });
    const passed = await answerCheck(token, { orderId, passed: true });
    expect(passed.status).toBe(200);
    expect(passed.body.data).toMatchObject({ status: "paid", order: { status: "paid", canPay: false } });
    const [payment, ...others] = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(others).toHaveLength(0);
    expect(payment).toMatchObject({ status: "succeeded", last4: "3155" });
    const [charge] = await db()
      .db.select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.ref, payment?.providerRef ?? ""));
    expect(charge?.status).toBe("succeeded");
    expect(await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, id))).toHaveLength(1);
    // Nothing waits any more: the same answer again, or the other, is a refusal, and nothing moves.
    for (const again of [true, false]) {
      const refused = await answerCheck(token, { orderId, passed: again });
      expect(refused.status).toBe(409);
      expect(refused.body.errmsg).toBe(NOTHING_WAITING);
    }
    const checked = await read<PaymentData>(await checkPayment(post("/merchandise/order/payment/check", { orderId }, token)));
    expect(checked.body.data?.status).toBe("paid");
  });

  it("answers a failed check with the shop's words, leaves the order payable, and takes another card next", async () => {
    const who = await customer();
    const { id, token } = who;
    const orderId = await waitingOrder(who, { savePaymentMethod: true });
    const failed = await answerCheck(token, { orderId, passed: false });
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({
      status: "failed",
      message: FAILED_CHECK,
      action: null,
      order: { status: "pending_payment", canPay: true },
    });
    expect(failed.body.data?.order.timeline.filter((event) => event.type === "payment_failed")).toHaveLength(1);
    // A card whose check failed is not kept.
    expect(await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, id))).toHaveLength(0);
    expect((await answerCheck(token, { orderId, passed: true })).status).toBe(409);
    const good = await payWith(token, { orderId, card: goodCard, idempotencyKey: key() });
    expect(good.body.data?.status).toBe("paid");
    const rows = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows.map((row) => row.status).sort()).toEqual(["failed", "succeeded"]);
  });

  it("refuses another customer's order as unknown, an order with nothing waiting, and a malformed body", async () => {
    const owner = await customer();
    const stranger = await customer();
    const orderId = await waitingOrder(owner);
    const foreign = await answerCheck(stranger.token, { orderId, passed: true });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errmsg).toBe("This order does not exist.");
    const unknown = await answerCheck(owner.token, { orderId: randomUUID(), passed: true });
    expect(unknown.status).toBe(404);
    // The owner's charge still waits, untouched by the stranger.
    const [payment] = await db().db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe("requires_action");

    const unpaid = await order(owner);
    const nothing = await answerCheck(owner.token, { orderId: unpaid, passed: true });
    expect(nothing.status).toBe(409);
    expect(nothing.body.errmsg).toBe(NOTHING_WAITING);

    const malformed = await answerCheck(owner.token, { orderId, passed: "yes" });
    expect(malformed.status).toBe(422);
    expect((await answerCheck(owner.token, { orderId })).status).toBe(422);
    const anonymous = await bankCheck(
      new Request("http://shop.test/api/v1/c/merchandise/order/payment/bank-check", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ orderId, passed: true }),
      }),
    );
    expect(anonymous.status).toBe(401);
  });

  it("stops the waiting charge when Pay is pressed with another card, so a late pass cannot charge it", async () => {
    const who = await customer();
    const { token } = who;
    const orderId = await waitingOrder(who);
    const good = await payWith(token, { orderId, card: goodCard, idempotencyKey: key() });
    expect(good.body.data?.status).toBe("paid");
    const refused = await answerCheck(token, { orderId, passed: true });
    expect(refused.status).toBe(409);
    const charges = await db()
      .db.select({ status: sandboxCharges.status, last4: sandboxCharges.last4 })
      .from(sandboxCharges)
      .innerJoin(payments, eq(payments.providerRef, sandboxCharges.ref))
      .where(eq(payments.orderId, orderId));
    expect(charges.map((charge) => `${charge.last4}:${charge.status}`).sort()).toEqual(["3155:canceled", "4242:succeeded"]);
  });
});
