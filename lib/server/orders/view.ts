import "server-only";
import { shipsToCustomer } from "@/lib/config/catalog";
import { asc, eq, inArray } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { orderEvents, orderItems, type OrderRow } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/rules/money";
import type { Order, OrderSummary } from "@/lib/schemas/order";
import { withProducts } from "@/lib/server/catalog/lookups";
import { domainQuestion } from "@/lib/server/events/registry";
import { shippingOptions } from "@/lib/server/shipping";
import { orderBasis } from "./totals";
import { canApplyAfterSale, canCancel, canEdit, canPay, paymentReceived } from "./status";

// The Order JSON (lib/schemas/order.ts) from the stored row, its lines and its timeline. What the
// customer may do next comes from the order's rules (status.ts), so the pages and the services agree.

/**
 * Per sku, how many units of an order its after-sale requests take: the after-sale domain, above
 * this one, answers (after-sale/claims.ts), reading through the asker's transaction.
 */
export const afterSaleClaims = domainQuestion<string, Map<string, number>>("order.afterSaleClaimed");

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

export async function toOrderView(db: DbExecutor, order: OrderRow, now: Date = new Date()): Promise<Order> {
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.sku));
  const items = (await withProducts(db, lines)).map(({ product, ...item }) => ({ item, stock: product.stock, category: product.category }));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const open = order.status === "pending_payment";
  const eligible = canApplyAfterSale(order.status);
  const claimed = eligible ? await afterSaleClaims.ask(order.id, db) : new Map<string, number>();
  // Plans and services are never sent back: their money follows their own rule (cancelling the plan).
  const afterSaleRemaining = Object.fromEntries(
    items.map(({ item, category }) => [
      item.sku,
      eligible && shipsToCustomer(category) ? Math.max(0, item.quantity - (claimed.get(item.sku) ?? 0)) : 0,
    ]),
  );
  return {
    orderId: order.id,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    expiresAt: open ? iso(order.expiresAt) : null,
    items: items.map(({ item, stock }) => ({
      skuNum: item.sku,
      name: item.name,
      image: item.images,
      attributes: item.attributes,
      spec: item.spec,
      quantity: item.quantity,
      originalPrice: centsToAmount(item.originalPriceCents),
      discountPrice: centsToAmount(item.unitPriceCents),
      stock,
    })),
    subTotal: centsToAmount(order.subtotalCents),
    shippingFee: centsToAmount(order.shippingCents),
    tax: centsToAmount(order.taxCents),
    total: centsToAmount(order.totalCents),
    refunded: centsToAmount(order.refundedCents),
    shippingAddress: order.shippingAddress ?? null,
    shippingMethod: order.shippingMethod,
    // Prices and dates of the options as they would be now: what choosing one would cost.
    shippingOptions: open && order.shippingMethod !== null ? shippingOptions(orderBasis(order), now) : [],
    memberPricing: order.memberPricing,
    memberPricesApplied: order.memberPricing && items.some(({ item }) => item.unitPriceCents < item.regularPriceCents),
    paidAt: iso(order.paidAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    referralCode: order.referralCode,
    timeline: events.map((event) => ({ type: event.type, actor: event.actor, note: event.note, at: event.createdAt.toISOString() })),
    canCancel: canCancel(order.status),
    // Only an address or a shipping option can be edited: an order with nothing to ship has neither.
    canEdit: canEdit(order.status) && order.shippingMethod !== null,
    canPay: canPay(order, now),
    paymentReceived: paymentReceived(order.status),
    canApplyAfterSale: Object.values(afterSaleRemaining).some((remaining) => remaining > 0),
    afterSaleRemaining,
  };
}

/** A list row's lines: units, distinct products ("and 2 more" counts these) and the first product. */
export type LineSummary = Pick<OrderSummary, "itemCount" | "lineCount" | "firstItem">;

/** What an order with no lines (never made, but a list must still render) summarises to. */
export const NO_LINES: Readonly<LineSummary> = { itemCount: 0, lineCount: 0, firstItem: null };

/** The list rows' lines for each order, in one query for the whole page. */
export async function itemSummaries(db: DbExecutor, orderIds: string[]): Promise<Map<string, LineSummary>> {
  const result = new Map<string, LineSummary>();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({ orderId: orderItems.orderId, name: orderItems.name, images: orderItems.images, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.sku));
  for (const row of rows) {
    const entry = result.get(row.orderId) ?? { ...NO_LINES };
    entry.itemCount += row.quantity;
    entry.lineCount += 1;
    entry.firstItem ??= { name: row.name, image: row.images[0] ?? null };
    result.set(row.orderId, entry);
  }
  return result;
}
