import { randomBytes, randomUUID } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { cartItems, products, users, type ProductRow, type UserRow } from "@/lib/db/schema";
import type { UsAddress } from "@/lib/schemas/auth";
import { createSession } from "@/lib/server/auth/session";

// Helpers for the buying integration tests: customers with sessions, products of a test's own (so
// stock limits do not depend on other suites), and requests to the real route handlers.

export interface Customer {
  id: string;
  email: string;
  token: string;
}

export const HOUSTON: UsAddress = { fullName: "Ada Park", line1: "1200 Main St", city: "Houston", state: "TX", zip: "77002" };

export async function makeCustomer(
  handle: DatabaseHandle,
  options: { address?: UsAddress | null; role?: UserRow["role"]; username?: string } = {},
): Promise<Customer> {
  const email = `shop-${randomUUID()}@example.com`;
  const [user] = await handle.db
    .insert(users)
    .values({
      email,
      username: options.username ?? "Shop Tester",
      defaultAddress: options.address ?? null,
      role: options.role ?? "customer",
    })
    .returning({ id: users.id });
  if (!user) throw new Error("no user");
  const { token } = await createSession(user.id, { userAgent: null, ip: null });
  return { id: user.id, email, token };
}

export async function makeProduct(
  handle: DatabaseHandle,
  values: {
    stock?: number;
    listed?: boolean;
    originalCents?: number;
    discountCents?: number;
    memberCents?: number | null;
    category?: ProductRow["category"];
    planMonths?: number | null;
    name?: string;
  } = {},
): Promise<string> {
  const sku = `T-${randomBytes(5).toString("hex").toUpperCase()}`;
  await handle.db.insert(products).values({
    sku,
    category: values.category ?? "accessory",
    memberPriceCents: values.memberCents ?? null,
    planMonths: values.planMonths ?? null,
    name: values.name ?? `Test item ${sku}`,
    images: [`/images/${sku}.jpg`],
    attributes: "Blue",
    spec: [{ spec_key: "size", spec_name: "Size", spec_value: "M" }],
    originalPriceCents: values.originalCents ?? 2500,
    discountPriceCents: values.discountCents ?? 2000,
    stock: values.stock ?? 100,
    listed: values.listed ?? true,
  });
  return sku;
}

// The cart lists lines in the order they were added (then by sku). Embedded PGlite's clock can give
// two inserts in a row the same instant, which would list them by sku instead; each line put in by
// a test is stamped strictly later than the one before, as a customer's adds always are.
let lastPutAt = 0;

export async function putInCart(handle: DatabaseHandle, userId: string, sku: string, quantity: number): Promise<void> {
  lastPutAt = Math.max(Date.now(), lastPutAt + 1);
  await handle.db.insert(cartItems).values({ userId, sku, quantity, createdAt: new Date(lastPutAt) });
}

interface RequestOptions {
  token?: string | null;
  cookie?: string;
  raw?: string;
}

export function apiRequest(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown, options: RequestOptions = {}): Request {
  const headers: Record<string, string> = { "sec-fetch-site": "same-origin" };
  if (options.token) headers.token = options.token;
  if (options.cookie) headers.cookie = options.cookie;
  if (method !== "GET") headers["content-type"] = "application/json";
  return new Request(`http://shop.test${path}`, {
    method,
    headers,
    ...(method === "GET" ? {} : { body: options.raw ?? JSON.stringify(body ?? {}) }),
  });
}

/** The rows of a raw query, whichever engine ran it (both answer `{ rows }`); `T` is the caller's word for their shape. */
export function rowsOf<T = unknown>(result: unknown): T[] {
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error("A raw query answered without rows");
}

/**
 * The shop's money and stock invariants over the whole database, for after the concurrency tests:
 * stock never negative; every order has lines, its subtotal is the sum of its lines and its total
 * is subtotal + shipping + tax; at most one successful charge per order, and a paid order has one.
 */
export async function expectShopInvariants(handle: DatabaseHandle): Promise<void> {
  const negative = await handle.db.select({ sku: products.sku }).from(products).where(lt(products.stock, 0));
  expect(negative, "products with negative stock").toEqual([]);

  const orderRows = await handle.db.execute(sql`
    select o.id, case
      when count(i.sku) = 0 then 'no lines'
      when o.subtotal_cents <> sum(i.line_total_cents) then 'subtotal is not the sum of the lines'
      else 'total is not lines + shipping + tax' end as problem
    from orders o left join order_items i on i.order_id = o.id
    group by o.id
    having count(i.sku) = 0
      or o.subtotal_cents <> coalesce(sum(i.line_total_cents), 0)
      or o.total_cents <> coalesce(sum(i.line_total_cents), 0) + o.shipping_cents + o.tax_cents`);
  expect(rowsOf(orderRows), "orders whose money does not add up").toEqual([]);

  const doubleCharged = await handle.db.execute(sql`
    select order_id from payments where status in ('succeeded', 'refunded', 'partially_refunded')
    group by order_id having count(*) > 1`);
  expect(rowsOf(doubleCharged), "orders charged more than once").toEqual([]);

  // A paid, shipped or delivered order was charged once; part of it may have been refunded since
  // (after-sale), which leaves the charge "partially_refunded", not gone. An order with nothing to
  // pay (a member's scheduled filters) has no charge: payments are for positive amounts.
  const unpaidPaid = await handle.db.execute(sql`
    select o.id from orders o where o.status in ('paid', 'shipped', 'delivered') and o.total_cents > 0 and not exists (
      select 1 from payments p where p.order_id = o.id and p.status in ('succeeded', 'partially_refunded'))`);
  expect(rowsOf(unpaidPaid), "paid orders without a successful charge").toEqual([]);

  await expectLedgerHolds(handle);
}

/**
 * The refund ledger (lib/db/schema/refunds.ts) over the whole database: what went back never exceeds
 * what was paid per line (price and tax share), for the shipping, per order and per charge; and the
 * order's and the charge's refunded amounts are the ledger's sums (a duplicate charge counts on its
 * charge only, a dispute on the order only).
 */
export async function expectLedgerHolds(handle: DatabaseHandle): Promise<void> {
  const counting = sql.raw(`r.status in ('pending', 'succeeded')`);
  const overLine = await handle.db.execute(sql`
    select a.order_id, a.sku, sum(a.amount_cents)::int as back, min(i.line_total_cents) as line
    from refund_allocations a join refunds r on r.id = a.refund_id
    left join order_items i on i.order_id = a.order_id and i.sku = a.sku
    join orders o on o.id = a.order_id
    where ${counting}
    group by a.order_id, a.sku
    having (a.sku is not null and sum(a.amount_cents) > min(i.line_total_cents) + max(o.tax_cents))
      or (a.sku is null and sum(a.amount_cents) > max(o.shipping_cents) + max(o.tax_cents))`);
  expect(rowsOf(overLine), "order lines refunded more than they were paid").toEqual([]);

  const orderMismatch = await handle.db.execute(sql`
    select o.id, o.refunded_cents, coalesce(sum(r.amount_cents), 0)::int as ledger from orders o
    left join refunds r on r.order_id = o.id and ${counting} and r.reason <> 'duplicate_charge'
    group by o.id having o.refunded_cents <> coalesce(sum(r.amount_cents), 0) or o.refunded_cents > o.total_cents`);
  expect(rowsOf(orderMismatch), "orders whose refunded amount is not the ledger's").toEqual([]);

  const chargeMismatch = await handle.db.execute(sql`
    select p.id, p.refunded_cents, coalesce(sum(r.amount_cents), 0)::int as ledger from payments p
    left join refunds r on r.payment_id = p.id and ${counting} and r.reason <> 'dispute'
    group by p.id having p.refunded_cents <> coalesce(sum(r.amount_cents), 0) or p.refunded_cents > p.amount_cents`);
  expect(rowsOf(chargeMismatch), "charges whose refunded amount is not the ledger's").toEqual([]);
}
