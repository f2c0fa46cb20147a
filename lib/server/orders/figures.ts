import "server-only";
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { STORE_TIME_ZONE } from "@/lib/config/store";
import type { DbExecutor } from "@/lib/db/client";
import { orderItems, orders, refunds, type OrderRow, type RefundStatus } from "@/lib/db/schema";

// The sums the console's overview reads from the orders and their money ledger
// (docs/decisions/0046-console-overview.md). The rules, one place each:
// - a sale is an order paid in the period (its paid time), whatever happened to it afterwards, with
//   money in it: the shop's own zero-price orders (a member's scheduled filters) are no sale;
// - a refund counts on the day it was decided (written to the ledger), pending or sent: the money is
//   owed to the customer from then on. One the provider refused is owed again and one a won dispute
//   reversed came back, so neither counts;
// - net revenue = what was paid in the period − what went back in it (tax and shipping included,
//   shown apart too), so a refund made this month for last month's order lowers this month.
// Amounts are integer cents; days are the shop's (America/Chicago).

/** Refunds that count as money gone back. */
export const COUNTED_REFUND_STATUSES: readonly RefundStatus[] = ["pending", "succeeded"];

const paidBetween = (start: Date, end: Date) =>
  and(isNotNull(orders.paidAt), gte(orders.paidAt, start), lt(orders.paidAt, end), gt(orders.totalCents, 0));
const refundedBetween = (start: Date, end: Date) =>
  and(gte(refunds.createdAt, start), lt(refunds.createdAt, end), inArray(refunds.status, [...COUNTED_REFUND_STATUSES]));

const cents = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

export interface SalesSums {
  orders: number;
  grossCents: number;
  taxCents: number;
  shippingCents: number;
}

/** What the orders paid in [start, end) brought in. */
export async function salesSums(db: DbExecutor, start: Date, end: Date): Promise<SalesSums> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)`.mapWith(Number),
      grossCents: cents(sql`sum(${orders.totalCents})`),
      taxCents: cents(sql`sum(${orders.taxCents})`),
      shippingCents: cents(sql`sum(${orders.shippingCents})`),
    })
    .from(orders)
    .where(paidBetween(start, end));
  return row ?? { orders: 0, grossCents: 0, taxCents: 0, shippingCents: 0 };
}

export interface RefundSums {
  refunds: number;
  refundCents: number;
  /** Of those, the ones an after-sale request decided. */
  afterSaleRefunds: number;
  afterSaleRefundCents: number;
}

/** What went back in [start, end). */
export async function refundSums(db: DbExecutor, start: Date, end: Date): Promise<RefundSums> {
  const afterSale = sql`${refunds.reason} = 'after_sale'`;
  const [row] = await db
    .select({
      refunds: sql<number>`count(*)`.mapWith(Number),
      refundCents: cents(sql`sum(${refunds.amountCents})`),
      afterSaleRefunds: sql<number>`count(*) filter (where ${afterSale})`.mapWith(Number),
      afterSaleRefundCents: cents(sql`sum(${refunds.amountCents}) filter (where ${afterSale})`),
    })
    .from(refunds)
    .where(refundedBetween(start, end));
  return row ?? { refunds: 0, refundCents: 0, afterSaleRefunds: 0, afterSaleRefundCents: 0 };
}

export interface DailySales {
  /** The shop's calendar day. */
  day: string;
  orders: number;
  grossCents: number;
  refundCents: number;
}

// The zone is written into the statement, not bound: GROUP BY must see the very expression the
// SELECT has, and two bound parameters are two different expressions to the planner.
const ZONE = sql.raw(`'${STORE_TIME_ZONE.replaceAll("'", "")}'`);
const shopDay = (column: typeof orders.paidAt | typeof refunds.createdAt) =>
  sql<string>`to_char(timezone(${ZONE}, ${column}), 'YYYY-MM-DD')`;

/** Sales and refunds of each shop day in [start, end) that had any; the caller fills the quiet days. */
export async function dailySales(db: DbExecutor, start: Date, end: Date): Promise<DailySales[]> {
  const paidDay = shopDay(orders.paidAt);
  const refundDay = shopDay(refunds.createdAt);
  const [paid, back] = await Promise.all([
    db
      .select({ day: paidDay, orders: sql<number>`count(*)`.mapWith(Number), grossCents: cents(sql`sum(${orders.totalCents})`) })
      .from(orders)
      .where(paidBetween(start, end))
      .groupBy(paidDay),
    db
      .select({ day: refundDay, refundCents: cents(sql`sum(${refunds.amountCents})`) })
      .from(refunds)
      .where(refundedBetween(start, end))
      .groupBy(refundDay),
  ]);
  const byDay = new Map<string, DailySales>();
  for (const row of paid) byDay.set(row.day, { day: row.day, orders: row.orders, grossCents: row.grossCents, refundCents: 0 });
  for (const row of back) {
    const known = byDay.get(row.day);
    if (known) known.refundCents = row.refundCents;
    else byDay.set(row.day, { day: row.day, orders: 0, grossCents: 0, refundCents: row.refundCents });
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

export interface ProductUnits {
  sku: string;
  name: string;
  units: number;
  /** The lines' totals (before tax and shipping). */
  salesCents: number;
}

/** Units sold per product in the orders paid in [start, end), most units first. */
export async function unitsByProduct(db: DbExecutor, start: Date, end: Date): Promise<ProductUnits[]> {
  const units = sql<number>`sum(${orderItems.quantity})`.mapWith(Number);
  return db
    .select({
      sku: orderItems.sku,
      name: sql<string>`max(${orderItems.name})`,
      units,
      salesCents: cents(sql`sum(${orderItems.lineTotalCents})`),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(paidBetween(start, end))
    .groupBy(orderItems.sku)
    .orderBy(desc(units), asc(orderItems.sku));
}

export interface ReferralSums {
  code: string;
  /** Orders with the code paid in the period. */
  orders: number;
  /** Their totals minus every refund made on them so far. */
  netCents: number;
}

/** Orders paid in [start, end) per `?c=` referral code, most net revenue first. */
export async function referralSums(db: DbExecutor, start: Date, end: Date): Promise<ReferralSums[]> {
  const net = cents(sql`sum(${orders.totalCents} - ${orders.refundedCents})`);
  const rows = await db
    .select({ code: orders.referralCode, orders: sql<number>`count(*)`.mapWith(Number), netCents: net })
    .from(orders)
    .where(and(paidBetween(start, end), isNotNull(orders.referralCode)))
    .groupBy(orders.referralCode)
    .orderBy(desc(net), asc(orders.referralCode));
  return rows.flatMap((row) => (row.code === null ? [] : [{ code: row.code, orders: row.orders, netCents: row.netCents }]));
}

/**
 * Where a page of an export stopped: the last row's paid time as the database wrote it (text: a
 * Date keeps milliseconds, the column microseconds, and the row would come again), its id, and its
 * sku for lines.
 */
export interface PaidCursor {
  paidAt: string;
  orderId: string;
  sku?: string;
}

export interface PaidOrderRow {
  id: string;
  status: OrderRow["status"];
  createdAt: Date;
  paidAt: Date;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  refundedCents: number;
  referralCode: string | null;
  shippingMethod: OrderRow["shippingMethod"];
  /** The paid time as the next page's cursor takes it. */
  cursor: string;
  /** The state shipped to: enough for tax and regions, nothing that names anyone. */
  shippingState: string | null;
}

/** The orders paid in [start, end) after `after`, oldest payment first, at most `limit`: one page of the export. */
export async function paidOrdersPage(
  db: DbExecutor,
  start: Date,
  end: Date,
  after: PaidCursor | null,
  limit: number,
): Promise<PaidOrderRow[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      subtotalCents: orders.subtotalCents,
      shippingCents: orders.shippingCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
      refundedCents: orders.refundedCents,
      referralCode: orders.referralCode,
      shippingMethod: orders.shippingMethod,
      shippingState: sql<string | null>`${orders.shippingAddress} ->> 'state'`,
      cursor: sql<string>`${orders.paidAt}::text`,
    })
    .from(orders)
    .where(
      and(
        paidBetween(start, end),
        after ? sql`(${orders.paidAt}, ${orders.id}) > (${after.paidAt}::timestamptz, ${after.orderId}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(limit);
  return rows.flatMap((row) => (row.paidAt ? [{ ...row, paidAt: row.paidAt }] : []));
}

export interface PaidLineRow {
  orderId: string;
  paidAt: Date;
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  cursor: string;
}

/** The lines of the orders paid in [start, end) after `after`, in the orders' paid order then by sku. */
export async function paidOrderLinesPage(
  db: DbExecutor,
  start: Date,
  end: Date,
  after: PaidCursor | null,
  limit: number,
): Promise<PaidLineRow[]> {
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      paidAt: orders.paidAt,
      sku: orderItems.sku,
      name: orderItems.name,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      lineTotalCents: orderItems.lineTotalCents,
      cursor: sql<string>`${orders.paidAt}::text`,
    })
    .from(orderItems)
    .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
    .where(
      and(
        paidBetween(start, end),
        after
          ? sql`(${orders.paidAt}, ${orders.id}, ${orderItems.sku}) > (${after.paidAt}::timestamptz, ${after.orderId}::uuid, ${after.sku ?? ""})`
          : undefined,
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id), asc(orderItems.sku))
    .limit(limit);
  return rows.flatMap((row) => (row.paidAt ? [{ ...row, paidAt: row.paidAt }] : []));
}
