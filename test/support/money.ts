import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { memberships, orderItems, orders, payments, products, refundAllocations, refunds, type MembershipRow } from "@/lib/db/schema";
import { operatorOrderSchema, type OperatorOrder } from "@/lib/schemas/operator-order";
import { orderSchema, type Order } from "@/lib/schemas/order";
import type { UsAddress } from "@/lib/schemas/auth";
import { POST as cartAddRoute } from "@/app/api/v1/c/order/cart/add/route";
import { POST as checkoutRoute } from "@/app/api/v1/c/merchandise/cart/checkout/route";
import { POST as buyNowRoute } from "@/app/api/v1/c/merchandise/order/add/route";
import { POST as payRoute } from "@/app/api/v1/c/merchandise/order/payment/route";
import { GET as orderGetRoute } from "@/app/api/v1/c/merchandise/order/get/route";
import { GET as operatorOrderGetRoute } from "@/app/api/v1/admin/orders/get/route";
import { shipAndDeliver } from "./after-sale";
import { dataOf, read, type Answer } from "./answer";
import { apiRequest, type Customer } from "./shop";

// Helpers for the money tests (refund ledger, plan refunds, provider events): orders of several
// lines bought through the real cart, checkout and payment calls, what the customer and the
// operator are shown of them, and the ledger rows checked against the order.

/** Oregon has no sales tax, so an order's total is its lines and shipping: the amounts the customer reads. */
export const PORTLAND: UsAddress = { fullName: "Ada Park", line1: "800 SW Broadway", city: "Portland", state: "OR", zip: "97205" };

export const PEN = "LW-ACC-TDS";
export const YEARLY = "LW-MEM-Y";
export const MONTHLY = "LW-MEM-M";
export const CARE = "LW-CARE-2Y";

/**
 * Each money test walks an order through a dozen real calls (buy, pay, ship, deliver, cancel,
 * refund): on a busy shared machine that takes longer than Vitest's 5 s default.
 */
export const MONEY_TEST_TIMEOUT_MS = 60_000;

export const GOOD_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123", name: "Ada Park" };

/** `who` puts `lines` in the cart and checks out: the pending order's id. */
export async function orderOf(who: Customer, lines: readonly { sku: string; quantity: number }[]): Promise<string> {
  for (const line of lines) {
    dataOf(
      await read(
        await cartAddRoute(
          apiRequest("POST", "/api/v1/c/order/cart/add", { skuNum: line.sku, quantity: line.quantity }, { token: who.token }),
        ),
      ),
    );
  }
  return dataOf(
    await read<{ orderId: string }>(
      await checkoutRoute(apiRequest("POST", "/api/v1/c/merchandise/cart/checkout", {}, { token: who.token })),
    ),
  ).orderId;
}

/** `who` buys `quantity` of `sku` at once ("buy now"): the answer as given, refusals included. */
export async function buyNowAs(who: Customer, sku: string, quantity = 1): Promise<Answer<{ orderId: string }>> {
  return read<{ orderId: string }>(
    await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity }, { token: who.token })),
  );
}

/** `who` asks to pay `orderId` with the good test card: the answer as given, refusals included. */
export async function payAs(who: Customer, orderId: string): Promise<Answer<{ status: string; order: Order }>> {
  return read<{ status: string; order: Order }>(
    await payRoute(
      apiRequest(
        "POST",
        "/api/v1/c/merchandise/order/payment",
        { orderId, card: GOOD_CARD, idempotencyKey: `key-${randomUUID()}` },
        { token: who.token },
      ),
    ),
  );
}

/** `who` pays `orderId` with the good test card; fails the test unless it is paid. */
export async function payFor(who: Customer, orderId: string): Promise<Order> {
  const paid = await payAs(who, orderId);
  expect(dataOf(paid).status).toBe("paid");
  return dataOf(paid).order;
}

/** A paid order of `lines`, shipped and delivered by `admin` when asked. */
export async function paidOrderOf(
  who: Customer,
  lines: readonly { sku: string; quantity: number }[],
  options: { admin?: Customer; until?: "paid" | "shipped" | "delivered" } = {},
): Promise<string> {
  const orderId = await orderOf(who, lines);
  await payFor(who, orderId);
  const until = options.until ?? "paid";
  if (until === "paid") return orderId;
  const admin = options.admin;
  if (!admin) throw new Error("Shipping needs an operator");
  await shipAndDeliver(admin, orderId, until);
  return orderId;
}

/** The order as its customer sees it (GET /merchandise/order/get). */
export async function customerOrder(who: Customer, orderId: string): Promise<Order> {
  return orderSchema.parse(
    dataOf(
      await read(
        await orderGetRoute(apiRequest("GET", `/api/v1/c/merchandise/order/get?orderId=${orderId}`, undefined, { token: who.token })),
      ),
    ),
  );
}

/** The order as the console shows it (GET /admin/orders/get), with its refunds. */
export async function consoleOrder(admin: Customer, orderId: string): Promise<OperatorOrder> {
  return operatorOrderSchema.parse(
    dataOf(
      await read(
        await operatorOrderGetRoute(apiRequest("GET", `/api/v1/admin/orders/get?orderId=${orderId}`, undefined, { token: admin.token })),
      ),
    ),
  );
}

/** The plan rows `userId` holds of `sku`, oldest first. */
export async function plansOf(handle: DatabaseHandle, userId: string, sku: string): Promise<MembershipRow[]> {
  return handle.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.sku, sku)))
    .orderBy(asc(memberships.createdAt));
}

/** The order's one plan row of `sku`; fails the test when there is not exactly one. */
export async function planOf(handle: DatabaseHandle, userId: string, sku: string): Promise<MembershipRow> {
  const rows = await plansOf(handle, userId, sku);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error(`No ${sku} plan`);
  return row;
}

/** The order's successful charge. */
export async function chargeOf(handle: DatabaseHandle, orderId: string) {
  const [payment] = await handle.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["succeeded", "partially_refunded", "refunded"])));
  if (!payment?.providerRef) throw new Error(`Order ${orderId} has no charge`);
  return { ...payment, providerRef: payment.providerRef };
}

export interface LedgerRow {
  id: string;
  status: string;
  reason: string;
  amountCents: number;
  providerRef: string | null;
  membershipId: string | null;
  afterSaleId: string | null;
  note: string | null;
  /** sku (null: shipping) → cents */
  parts: Map<string | null, number>;
}

/** The order's refund rows, oldest first, each with its allocations. */
export async function ledgerOf(handle: DatabaseHandle, orderId: string): Promise<LedgerRow[]> {
  const rows = await handle.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  const allocations = await handle.db.select().from(refundAllocations).where(eq(refundAllocations.orderId, orderId));
  return rows.map((row) => {
    const parts = new Map<string | null, number>();
    for (const allocation of allocations.filter((entry) => entry.refundId === row.id)) {
      parts.set(allocation.sku, (parts.get(allocation.sku) ?? 0) + allocation.amountCents);
    }
    return {
      id: row.id,
      status: row.status,
      reason: row.reason,
      amountCents: row.amountCents,
      providerRef: row.providerRef,
      membershipId: row.membershipId,
      afterSaleId: row.afterSaleId,
      note: row.note,
      parts,
    };
  });
}

/**
 * The ledger agrees with the order: the refund rows that count (pending, succeeded) add up to the
 * order's refunded amount, each row's allocations add up to the row, and per line (and the shipping)
 * no more went back than was paid. A dispute counts on the order but not on the charge's own
 * refunded amount (the bank took it, the shop did not send it).
 */
export async function expectLedgerMatchesOrder(handle: DatabaseHandle, orderId: string): Promise<void> {
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`No order ${orderId}`);
  const ledger = await ledgerOf(handle, orderId);
  const counting = ledger.filter((row) => row.status === "pending" || row.status === "succeeded");
  const onOrder = counting.filter((row) => row.reason !== "duplicate_charge");
  expect(
    onOrder.reduce((sum, row) => sum + row.amountCents, 0),
    "the order's refunded amount is its ledger's",
  ).toBe(order.refundedCents);
  const charged = counting.filter((row) => row.reason !== "dispute");
  const [payment] = await handle.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ["succeeded", "partially_refunded", "refunded"])));
  if (payment)
    expect(
      charged.reduce((sum, row) => sum + row.amountCents, 0),
      "the charge's refunded amount is its ledger's",
    ).toBe(payment.refundedCents);
  for (const row of ledger) {
    if (row.parts.size === 0) continue;
    expect(
      [...row.parts.values()].reduce((sum, cents) => sum + cents, 0),
      `refund ${row.id} is its allocations`,
    ).toBe(row.amountCents);
  }
  const lines = await handle.db
    .select({ sku: orderItems.sku, lineTotalCents: orderItems.lineTotalCents, category: products.category })
    .from(orderItems)
    .innerJoin(products, eq(products.sku, orderItems.sku))
    .where(eq(orderItems.orderId, orderId));
  let taxShared = 0;
  const paid = new Map<string | null, number>();
  for (const line of lines) {
    // Worked out here rather than asked of the code under test: tax is charged on what ships, and
    // each shipped line's share is its part of the shipped subtotal, rounded down.
    const ships = !["membership", "care", "repair"].includes(line.category);
    const tax =
      ships && order.shippedSubtotalCents > 0 ? Math.floor((order.taxCents * line.lineTotalCents) / order.shippedSubtotalCents) : 0;
    taxShared += tax;
    paid.set(line.sku, line.lineTotalCents + tax);
  }
  paid.set(null, order.shippingCents + Math.max(0, order.taxCents - taxShared));
  for (const [sku, paidCents] of paid) {
    const back = counting.reduce((sum, row) => sum + (row.parts.get(sku) ?? 0), 0);
    expect(back, `refunded of ${sku ?? "the shipping"} (paid ${paidCents})`).toBeLessThanOrEqual(paidCents);
  }
}

/** Whole cents of a "12.34" amount. */
export function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}
