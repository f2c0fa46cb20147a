import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { savedPaymentMethods } from "@/lib/db/schema";
import { env } from "@/lib/config/env";
import { GOOGLE_CALLBACK_PATH } from "@/lib/config/oidc";
import { RETURN_ADDRESS } from "@/lib/config/after-sale";
import { createSession } from "@/lib/server/auth/session";
import { POST as buyNowRoute } from "@/app/api/v1/c/merchandise/order/add/route";
import { POST as payRoute } from "@/app/api/v1/c/merchandise/order/payment/route";
import { applyAs, boughtOrder } from "../after-sale";
import { dataOf, read } from "../answer";
import { apiRequest, HOUSTON, makeCustomer, makeProduct, type Customer } from "../shop";

// The world the fuzz calls land in: a customer with orders in every state, an after-sale request,
// a saved card, another customer's order, an operator. Their ids go into the fuzz's dictionary, so
// that a fuzzed orderId is often a real order and a call reaches the service and the database.

export interface FuzzWorld {
  customer: Customer;
  operator: Customer;
  /** Values that exist in this database, for the fuzz to draw on. */
  known: string[];
}

export async function makeFuzzWorld(handle: DatabaseHandle): Promise<FuzzWorld> {
  const customer = await makeCustomer(handle, { address: HOUSTON });
  const operator = await makeCustomer(handle, { role: "admin" });
  const stranger = await makeCustomer(handle, { address: HOUSTON });
  const sku = await makeProduct(handle, { stock: 10_000 });

  const pending = dataOf(
    await read<{ orderId: string }>(
      await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: 1 }, { token: customer.token })),
    ),
  ).orderId;
  const saved = await read(
    await payRoute(
      apiRequest(
        "POST",
        "/api/v1/c/merchandise/order/payment",
        {
          orderId: pending,
          card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123", name: "Ada Park" },
          savePaymentMethod: true,
          idempotencyKey: `fuzz-${randomUUID()}`,
        },
        { token: customer.token },
      ),
    ),
  );
  dataOf(saved);
  const unpaid = dataOf(
    await read<{ orderId: string }>(
      await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity: 2 }, { token: customer.token })),
    ),
  ).orderId;
  const paid = await boughtOrder(handle, customer, operator, { until: "paid" });
  const shipped = await boughtOrder(handle, customer, operator, { until: "shipped" });
  const delivered = await boughtOrder(handle, customer, operator, { until: "delivered", quantity: 3 });
  const request = dataOf(await applyAs(customer, { orderId: delivered.orderId, skuNum: delivered.sku })).afterSaleId;
  const strangers = await boughtOrder(handle, stranger, operator, { until: "delivered" });
  const cards = await handle.db
    .select({ id: savedPaymentMethods.id })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, customer.id));

  const known = [
    ...[pending, unpaid, paid.orderId, shipped.orderId, delivered.orderId, strangers.orderId, request],
    ...cards.map((card) => card.id),
    // Only this world's own: on PostgreSQL other suites share the database, and a fuzzed operator
    // would otherwise reprice the seeded products or a fuzzed reset spend the demo accounts' codes.
    ...[sku, paid.sku, shipped.sku, delivered.sku],
    ...[customer.email, operator.email, stranger.email],
    ...["Ada Park", "1200 Main St", "Suite 4", "Houston", "TX", "77002", "77002-1234", "713 555 0147", "+1 (713) 555-0147"],
    ...["UPS", "USPS", "1Z999AA10123456784", "20.00", "0.01", "12.90", "123456", "The housing is cracked on one side."],
    ...["4242424242424242", "4000 0000 0000 0002", "123", "Customer asked.\nTwice.", RETURN_ADDRESS],
    `${env.SITE_URL}${GOOGLE_CALLBACK_PATH}`,
  ];
  return { customer, operator, known };
}

/** A fresh session of `who`, for one fuzz run: a fuzzed logout or password change may end the last one. */
export async function freshToken(who: Customer): Promise<string> {
  return (await createSession(who.id, { userAgent: null, ip: null })).token;
}
