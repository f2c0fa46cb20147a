import "server-only";
import { eq } from "drizzle-orm";
import { DEFAULT_SHIPPING_METHOD } from "@/lib/config/shipping";
import { env } from "@/lib/config/env";
import type { Transaction } from "@/lib/db/client";
import { orderItems, orders, users } from "@/lib/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { cartLinesForCheckout, clearCart } from "@/lib/server/cart";
import { assertCarePlanBuyable } from "@/lib/server/memberships";
import { inTransaction } from "@/lib/server/transaction";
import { ORDER_MESSAGES } from "./messages";
import { reserveStock, type WantedLine } from "./stock";
import { customerActor, recordEvent } from "./events";
import { orderTotals } from "./totals";
import { sweepExpiredOrders } from "./expiry";

// Checkout and "buy now" make a pending order in ONE transaction: stock reserved, lines copied from
// the products as they are at that moment, totals computed, the cart emptied. Any refusal rolls
// back all of it, so a failed checkout leaves stock and cart exactly as they were.

async function createPendingOrder(
  tx: Transaction,
  userId: string,
  lines: readonly WantedLine[],
  referralCode: string | null,
): Promise<string> {
  await assertCarePlanBuyable(
    tx,
    userId,
    lines.map((line) => line.sku),
  );
  const reserved = await reserveStock(tx, lines);
  const [user] = await tx.select({ defaultAddress: users.defaultAddress }).from(users).where(eq(users.id, userId));
  const address = user?.defaultAddress ?? null;
  const subtotalCents = reserved.reduce((sum, line) => sum + line.product.discountPriceCents * line.quantity, 0);
  const totals = orderTotals(subtotalCents, DEFAULT_SHIPPING_METHOD, address);
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      status: "pending_payment",
      subtotalCents,
      ...totals,
      shippingMethod: DEFAULT_SHIPPING_METHOD,
      shippingAddress: address,
      referralCode,
      expiresAt: new Date(Date.now() + env.ORDER_PAYMENT_TTL_MINUTES * 60_000),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("The order insert returned no row");
  await tx.insert(orderItems).values(
    reserved.map(({ product, quantity }) => ({
      orderId: order.id,
      sku: product.sku,
      name: product.name,
      images: product.images,
      attributes: product.attributes,
      spec: product.spec,
      quantity,
      originalPriceCents: product.originalPriceCents,
      unitPriceCents: product.discountPriceCents,
      lineTotalCents: product.discountPriceCents * quantity,
    })),
  );
  await recordEvent(tx, order.id, "created", customerActor(userId), referralCode ? `Referral code ${referralCode}` : null);
  return order.id;
}

/** The cart becomes a pending order; the cart lines it took are removed. */
export async function checkoutCart(userId: string, referralCode: string | null): Promise<{ orderId: string }> {
  await sweepExpiredOrders({ userId });
  return inTransaction(async (tx) => {
    const lines = await cartLinesForCheckout(tx, userId);
    if (lines.length === 0) throw new AppError(400, ORDER_MESSAGES.emptyCart);
    const orderId = await createPendingOrder(tx, userId, lines, referralCode);
    await clearCart(
      tx,
      userId,
      lines.map((line) => line.sku),
    );
    return { orderId };
  });
}

/** One product straight to a pending order ("Buy now"); the cart is left alone. */
export async function buyNow(userId: string, sku: string, quantity: number, referralCode: string | null): Promise<{ orderId: string }> {
  await sweepExpiredOrders({ userId });
  const orderId = await inTransaction((tx) => createPendingOrder(tx, userId, [{ sku, quantity }], referralCode));
  return { orderId };
}
