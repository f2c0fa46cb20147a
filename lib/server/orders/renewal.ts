import "server-only";
import type { Transaction } from "@/lib/db/client";
import type { ProductRow } from "@/lib/db/schema";
import { SYSTEM_ACTOR, recordEvent } from "./events";
import { insertOrder } from "./insert";

// A membership renewal is an order like any other, so the member finds it under Orders with its
// receipt: one plan line, paid by the renewal's off-session charge. It ships nothing, so it has no
// address, no shipping charge and no sales tax (tax follows the delivery address).

/** The paid order of one renewal period; the caller records its payment (recordOffSessionPayment). */
export async function createRenewalOrder(
  tx: Transaction,
  renewal: { userId: string; product: ProductRow; unitPriceCents: number; paymentNote: string; now: Date },
): Promise<string> {
  const { product, unitPriceCents, now } = renewal;
  const orderId = await insertOrder(
    tx,
    {
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
    },
    [{ product, quantity: 1, unitPriceCents }],
    { by: SYSTEM_ACTOR, note: "Membership renewal" },
  );
  await recordEvent(tx, orderId, "paid", SYSTEM_ACTOR, renewal.paymentNote);
  return orderId;
}
