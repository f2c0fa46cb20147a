// @vitest-environment node
import { stripeDouble } from "@/test/support/stripe-env";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase, type DatabaseHandle, type DatabaseHolder } from "@/lib/db/client";
import { seedDatabase } from "@/lib/db/seed";
import { mailWorker } from "@/lib/server/mail/outbox";
import { read } from "@/test/support/answer";
import { describeIf, needsPostgres, testDatabaseUrl } from "@/test/support/requirements";
import { HOUSTON, apiRequest, makeCustomer, rowsOf } from "@/test/support/shop";
import { GET as merchandiseList } from "../../list/route";
import { POST as addToCart } from "../../../order/cart/add/route";
import { GET as cartList } from "../../../order/cart/list/route";
import { POST as addOrder } from "../add/route";
import { POST as cancelOrder } from "../cancel/route";
import { GET as getOrder } from "../get/route";
import { GET as listOrders } from "../list/route";
import { POST as checkPayment } from "./check/route";
import { POST as pay } from "./route";

// No provider call runs inside a transaction: with Stripe answering after 30 s and a pool of only
// two connections, a customer's payment (or the refund of a cancel) waits on Stripe without holding
// a connection or the order's row, so every other customer's cart, orders and pages go on as usual
// meanwhile. Before the money
// paths were split into "record, call, apply", the charge held a pooled connection and the order's
// lock for as long as Stripe took (with the library's retries, about a minute).

const STRIPE_ANSWERS_AFTER_MS = 30_000;
/** Far below the 20 s the Stripe client waits before giving up on an answer: nothing here waits on Stripe. */
const UNBLOCKED_MS = 5_000;

let handle: DatabaseHandle | null = null;
const db = () => {
  if (!handle) throw new Error("The test database is not open yet");
  return handle;
};

describeIf(needsPostgres, "a slow Stripe on PostgreSQL with a pool of two", () => {
  beforeAll(async () => {
    if (!testDatabaseUrl) throw new Error("No PostgreSQL");
    handle = await openDatabase({ ...readDatabaseSettings({}), engine: "postgres", url: testDatabaseUrl, poolMax: 2, seedDemoData: false });
    await seedDatabase(handle.db);
    (globalThis as typeof globalThis & DatabaseHolder).__lenwellDatabase = Promise.resolve(handle);
  }, 60_000);

  afterAll(async () => {
    stripeDouble.setDelay(0);
    await mailWorker().idle();
    await handle?.close();
    await stripeDouble.close();
  });

  async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
    const started = Date.now();
    const result = await work();
    expect(Date.now() - started, `${label} waited on the slow payment`).toBeLessThan(UNBLOCKED_MS);
    return result;
  }

  /**
   * While a call waits on Stripe: no shop connection sits in a transaction, and the waiting
   * customer's own order (in `own.status`), another customer's cart and orders and the store's
   * products all answer at once.
   */
  async function expectOthersUnaffected(own: { token: string; orderId: string; status: string }, otherToken: string) {
    // No shop connection sits in a transaction while Stripe thinks.
    const idle = await db().db.execute(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`);
    expect(rowsOf<{ n: number }>(idle)[0]?.n).toBe(0);

    await timed("the payer's own order", async () => {
      const seen = await read<{ orderId: string; status: string }>(
        await getOrder(apiRequest("GET", `/api/v1/c/merchandise/order/get?orderId=${own.orderId}`, undefined, { token: own.token })),
      );
      expect(seen.body.data).toMatchObject({ orderId: own.orderId, status: own.status });
    });
    await timed("another customer's cart", async () => {
      const added = await addToCart(
        apiRequest("POST", "/api/v1/c/order/cart/add", { skuNum: "LW-ACC-TDS", quantity: 1 }, { token: otherToken }),
      );
      expect(added.status).toBe(200);
      expect((await cartList(apiRequest("GET", "/api/v1/c/order/cart/list", undefined, { token: otherToken }))).status).toBe(200);
    });
    await timed("another customer's order and list", async () => {
      const made = await addOrder(
        apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: "LW-ACC-TDS", quantity: 1 }, { token: otherToken }),
      );
      expect(made.status).toBe(200);
      expect(
        (await listOrders(apiRequest("GET", "/api/v1/c/merchandise/order/list?page=1&pageSize=10", undefined, { token: otherToken })))
          .status,
      ).toBe(200);
    });
    await timed("the store's product list", async () => {
      expect((await merchandiseList(apiRequest("GET", "/api/v1/c/merchandise/list?page=1&pageSize=12"))).status).toBe(200);
    });
  }

  /** Waits until Stripe has received a call past the first `before`. */
  async function untilStripeCalled(before: number) {
    for (let waited = 0; stripeDouble.requests().length === before && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stripeDouble.requests().length).toBeGreaterThan(before);
  }

  it("keeps other customers' carts, orders and pages and the payer's own order answering while Stripe takes 30 s", async () => {
    const payer = await makeCustomer(db(), { address: HOUSTON });
    const other = await makeCustomer(db(), { address: HOUSTON });
    const placed = await read<{ orderId: string }>(
      await addOrder(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: "LW-F1-PP", quantity: 1 }, { token: payer.token })),
    );
    const orderId = placed.body.data?.orderId ?? "";
    expect(orderId).not.toBe("");

    stripeDouble.setDelay(STRIPE_ANSWERS_AFTER_MS);
    const sentBefore = stripeDouble.requests().length;
    const payment = pay(
      apiRequest(
        "POST",
        "/api/v1/c/merchandise/order/payment",
        { orderId, idempotencyKey: randomUUID().replaceAll("-", "") },
        { token: payer.token },
      ),
    );
    // Wait until the shop's call is at Stripe, then work around it.
    await untilStripeCalled(sentBefore);

    await expectOthersUnaffected({ token: payer.token, orderId, status: "pending_payment" }, other.token);

    // Stripe recovers; the payer's call gets its answer (the retry under the same key replays it).
    stripeDouble.setDelay(0);
    const answered = await read<{ status: string }>(await payment);
    expect(answered.status).toBe(200);
    expect(["requires_action", "processing"]).toContain(answered.body.data?.status);
  }, 90_000);

  it("keeps the cancelled order and other customers answering while the cancel's refund waits 30 s on Stripe", async () => {
    const payer = await makeCustomer(db(), { address: HOUSTON });
    const other = await makeCustomer(db(), { address: HOUSTON });
    const placed = await read<{ orderId: string }>(
      await addOrder(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: "LW-F1-PP", quantity: 1 }, { token: payer.token })),
    );
    const orderId = placed.body.data?.orderId ?? "";
    const started = await read<{ action: { clientSecret: string } | null }>(
      await pay(
        apiRequest(
          "POST",
          "/api/v1/c/merchandise/order/payment",
          { orderId, idempotencyKey: randomUUID().replaceAll("-", "") },
          { token: payer.token },
        ),
      ),
    );
    await stripeDouble.confirmAsBrowser(started.body.data?.action?.clientSecret ?? "", {
      card: { number: "4242424242424242", exp_month: 12, exp_year: new Date().getUTCFullYear() + 1, cvc: "123" },
    });
    const checked = await read<{ status: string }>(
      await checkPayment(apiRequest("POST", "/api/v1/c/merchandise/order/payment/check", { orderId }, { token: payer.token })),
    );
    expect(checked.body.data?.status).toBe("paid");

    stripeDouble.setDelay(STRIPE_ANSWERS_AFTER_MS);
    const sentBefore = stripeDouble.requests().length;
    const cancel = cancelOrder(
      apiRequest("POST", "/api/v1/c/merchandise/order/cancel", { orderId, reason: "Changed my mind" }, { token: payer.token }),
    );
    await untilStripeCalled(sentBefore);
    // The cancel committed before Stripe was asked for the refund: the order reads as cancelled.
    await expectOthersUnaffected({ token: payer.token, orderId, status: "cancelled" }, other.token);

    stripeDouble.setDelay(0);
    const answered = await read<{ status: string; refunded: string }>(await cancel);
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ status: "cancelled", refunded: answered.body.data?.refunded });
    expect(Number(answered.body.data?.refunded)).toBeGreaterThan(0);
  }, 90_000);
});
