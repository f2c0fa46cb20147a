import { randomUUID } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { readMail, type ReadMail } from "@/lib/server/mail/outbox-reader";
import { POST as buyNowRoute } from "@/app/api/v1/c/merchandise/order/add/route";
import { POST as payRoute } from "@/app/api/v1/c/merchandise/order/payment/route";
import { POST as shipRoute } from "@/app/api/v1/admin/orders/ship/route";
import { POST as deliverRoute } from "@/app/api/v1/admin/orders/deliver/route";
import { POST as applyRoute } from "@/app/api/v1/c/order/afterSale/apply/route";
import { POST as trackRoute } from "@/app/api/v1/c/merchandise/order/afterSale/trackNumber/submit/route";
import { dataOf, read, type Answer } from "./answer";
import { deliverQueuedMail } from "./mail";
import { apiRequest, makeProduct, type Customer } from "./shop";

// Helpers for the after-sale integration tests: an order taken through the real buying and operator
// calls to paid, shipped or delivered, and the e-mails a customer got.

export const OUTBOX = path.resolve(".data/outbox");

export interface BoughtOrder {
  orderId: string;
  sku: string;
}

/** `who` buys `quantity` of a fresh product (20.00 each) and pays for it. */
export async function paidOrder(handle: DatabaseHandle, who: Customer, quantity = 1): Promise<BoughtOrder> {
  const sku = await makeProduct(handle, { stock: 50, discountCents: 2000 });
  const added = await read<{ orderId: string }>(
    await buyNowRoute(apiRequest("POST", "/api/v1/c/merchandise/order/add", { skuNum: sku, quantity }, { token: who.token })),
  );
  const { orderId } = dataOf(added);
  const paid = await read<{ status: string }>(
    await payRoute(
      apiRequest(
        "POST",
        "/api/v1/c/merchandise/order/payment",
        {
          orderId,
          card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123", name: "Ada" },
          idempotencyKey: `key-${randomUUID()}`,
        },
        { token: who.token },
      ),
    ),
  );
  expect(dataOf(paid).status).toBe("paid");
  return { orderId, sku };
}

/** A paid order of `who`, which the operator then ships and delivers as asked. */
export async function boughtOrder(
  handle: DatabaseHandle,
  who: Customer,
  admin: Customer,
  options: { quantity?: number; until?: "paid" | "shipped" | "delivered" } = {},
): Promise<BoughtOrder> {
  const order = await paidOrder(handle, who, options.quantity);
  const until = options.until ?? "delivered";
  if (until === "paid") return order;
  await shipAndDeliver(admin, order.orderId, until);
  return order;
}

/** The operator ships the paid order `orderId`, and delivers it when `until` says so. */
export async function shipAndDeliver(admin: Customer, orderId: string, until: "shipped" | "delivered"): Promise<void> {
  dataOf(
    await read(
      await shipRoute(
        apiRequest(
          "POST",
          "/api/v1/admin/orders/ship",
          { orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
          { token: admin.token },
        ),
      ),
    ),
  );
  if (until === "delivered") {
    dataOf(await read(await deliverRoute(apiRequest("POST", "/api/v1/admin/orders/deliver", { orderId }, { token: admin.token }))));
  }
}

export interface ApplyFields {
  orderId: string;
  skuNum: string;
  quantity?: number;
  type?: string;
  reason?: string;
  description?: string;
  /** A repair's purifier (one bought elsewhere is repaired on its care plan's line). */
  purifierId?: string;
}

export async function applyAs(who: Customer | null, fields: ApplyFields): Promise<Answer<{ afterSaleId: string }>> {
  const body = { quantity: 1, type: "return", reason: "Damaged on arrival", description: "The housing is cracked on one side.", ...fields };
  return read<{ afterSaleId: string }>(
    await applyRoute(apiRequest("POST", "/api/v1/c/order/afterSale/apply", body, { token: who?.token ?? null })),
  );
}

/** `who` says how the goods of an approved request were sent back; fails the test unless it is accepted. */
export async function submitTracking(
  who: Customer,
  afterSaleId: string,
  carrier = "UPS",
  trackNumber = "1Z12345E0205271688",
): Promise<void> {
  dataOf(
    await read(
      await trackRoute(
        apiRequest(
          "POST",
          "/api/v1/c/merchandise/order/afterSale/trackNumber/submit",
          { afterSaleId, carrier, trackNumber },
          { token: who.token },
        ),
      ),
    ),
  );
}

/** Every e-mail sent to `to` so far, oldest first. */
export async function mailsTo(to: string): Promise<ReadMail[]> {
  await deliverQueuedMail(to);
  const safeTo = to.replace(/[^a-z0-9@._-]/gi, "_");
  let names: string[];
  try {
    names = await readdir(OUTBOX);
  } catch {
    return [];
  }
  const mine = names.filter((name) => name.includes(`-${safeTo}-`)).sort();
  return Promise.all(mine.map(async (name) => readMail(await readFile(path.join(OUTBOX, name), "utf8"))));
}
