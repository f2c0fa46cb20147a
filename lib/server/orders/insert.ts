import "server-only";
import type { Transaction } from "@/lib/db/client";
import { orderItems, orders, type ProductRow } from "@/lib/db/schema";
import { recordEvent, type EventActor } from "./events";

// Every order maker (checkout and buy now, a renewal, a member's scheduled filters) writes an order
// the same way: the order row with the totals it computed, each line a copy of the product as it is
// at that moment at the unit price it set, and "created" on the timeline.

export interface NewOrderLine {
  product: ProductRow;
  quantity: number;
  unitPriceCents: number;
  /** What one unit costs anyone without a membership (order_items.regular_price_cents). */
  regularPriceCents: number;
}

export async function insertOrder(
  tx: Transaction,
  values: Omit<typeof orders.$inferInsert, "id">,
  lines: readonly NewOrderLine[],
  created: { by: EventActor; note: string | null },
): Promise<string> {
  const [order] = await tx.insert(orders).values(values).returning({ id: orders.id });
  if (!order) throw new Error("The order insert returned no row");
  await tx.insert(orderItems).values(
    lines.map(({ product, quantity, unitPriceCents, regularPriceCents }) => ({
      orderId: order.id,
      sku: product.sku,
      name: product.name,
      images: product.images,
      attributes: product.attributes,
      spec: product.spec,
      quantity,
      originalPriceCents: product.originalPriceCents,
      unitPriceCents,
      regularPriceCents,
      lineTotalCents: unitPriceCents * quantity,
    })),
  );
  await recordEvent(tx, order.id, "created", created.by, created.note);
  return order.id;
}
