import "server-only";
import type { Transaction } from "@/lib/db/client";
import { orderItems, orders, type ProductRow } from "@/lib/db/schema";
import { SYSTEM_ACTOR, recordEvent } from "./events";

// A membership renewal is an order like any other, so the member finds it under Orders with its
// receipt: one plan line, paid by the renewal's off-session charge. It ships nothing, so it has no
// address, no shipping charge and no sales tax (tax follows the delivery address).

/** The paid order of one renewal period; the caller records its payment (recordOffSessionPayment). */
export async function createRenewalOrder(
  tx: Transaction,
  renewal: { userId: string; product: ProductRow; unitPriceCents: number; paymentNote: string; now: Date },
): Promise<string> {
  const { product, unitPriceCents, now } = renewal;
  const [order] = await tx
    .insert(orders)
    .values({
      userId: renewal.userId,
      status: "paid",
      subtotalCents: unitPriceCents,
      shippingCents: 0,
      taxCents: 0,
      totalCents: unitPriceCents,
      // A plan is not a parcel: nothing to ship, no address, no fee.
      shippingMethod: null,
      shippingAddress: null,
      createdAt: now,
      updatedAt: now,
      paidAt: now,
      expiresAt: null,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("The renewal order insert returned no row");
  await tx.insert(orderItems).values({
    orderId: order.id,
    sku: product.sku,
    name: product.name,
    images: product.images,
    attributes: product.attributes,
    spec: product.spec,
    quantity: 1,
    originalPriceCents: product.originalPriceCents,
    unitPriceCents,
    lineTotalCents: unitPriceCents,
  });
  await recordEvent(tx, order.id, "created", SYSTEM_ACTOR, "Membership renewal");
  await recordEvent(tx, order.id, "paid", SYSTEM_ACTOR, renewal.paymentNote);
  return order.id;
}
