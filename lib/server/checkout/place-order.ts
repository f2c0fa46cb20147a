import "server-only";
import { DEFAULT_SHIPPING_METHOD } from "@/lib/config/shipping";
import { env } from "@/lib/config/env";
import type { Transaction } from "@/lib/db/client";
import { findUserById } from "@/lib/server/auth/users";
import { AppError } from "@/lib/server/base/errors";
import { priceLines } from "@/lib/rules/member-pricing";
import { cartLinesForCheckout, clearCart } from "@/lib/server/cart";
import { withKnownProducts } from "@/lib/server/catalog/lookups";
import { assertCarePlanBuyable, assertMembershipBuyable, isMemberAt } from "@/lib/server/memberships";
import { inTransaction } from "@/lib/server/transaction";
import { ORDER_MESSAGES } from "@/lib/server/orders/messages";
import { reserveStock, type WantedLine } from "@/lib/server/orders/stock";
import { customerActor } from "@/lib/server/orders/events";
import { insertOrder } from "@/lib/server/orders/insert";
import { orderTotals } from "@/lib/server/orders/totals";
import { sweepExpiredOrders } from "@/lib/server/orders/expiry";
import { checkoutAnnouncements } from "./announcements";

// Checkout sits above the cart, the orders and the plans: it asks the plans' rules and the
// member's prices, and the orders service stores what it decided.
//
// Checkout and "buy now" make a pending order in ONE transaction: stock reserved, lines copied from
// the products as they are at that moment, totals computed, the cart emptied. Any refusal rolls
// back all of it, so a failed checkout leaves stock and cart exactly as they were.

export interface NewOrderOptions {
  referralCode: string | null;
  /** The moment the order is made: whether a membership runs then decides its prices and shipping. */
  now?: Date;
}

/**
 * Makes a pending order of `lines` inside `tx` (stock reserved, lines priced for this customer).
 * What ships follows from the products' categories (lib/config/catalog.ts shipsToCustomer): an order
 * of only plans or services gets no shipping method, no address and no shipping fee, so any caller
 * (checkout, buy now, a renewal) gets "nothing to ship" orders by passing such lines.
 */
export async function createPendingOrder(
  tx: Transaction,
  userId: string,
  lines: readonly WantedLine[],
  options: NewOrderOptions,
): Promise<string> {
  // The lines' products read once, for both plan rules (an unknown sku is refused by reserveStock).
  const withProduct = await withKnownProducts(tx, lines);
  await assertCarePlanBuyable(
    tx,
    userId,
    withProduct.map((line) => line.product),
  );
  const now = options.now ?? new Date();
  await assertMembershipBuyable(tx, userId, withProduct, now);
  const reserved = await reserveStock(tx, lines);
  // A membership bought in this very order starts when it is paid: this order is priced without it.
  const member = await isMemberAt(tx, userId, now);
  const priced = priceLines(
    reserved.map(({ product, quantity }) => ({
      category: product.category,
      quantity,
      discountPriceCents: product.discountPriceCents,
      memberPriceCents: product.memberPriceCents,
    })),
    member,
  );
  const shippingMethod = priced.ships ? DEFAULT_SHIPPING_METHOD : null;
  const user = await findUserById(tx, userId);
  const address = priced.ships ? (user?.defaultAddress ?? null) : null;
  const basis = { subtotalCents: priced.subtotalCents, shippedSubtotalCents: priced.shippedSubtotalCents, member };
  const totals = orderTotals(basis, shippingMethod, address);
  return insertOrder(
    tx,
    {
      userId,
      status: "pending_payment",
      subtotalCents: priced.subtotalCents,
      shippedSubtotalCents: priced.shippedSubtotalCents,
      memberPricing: member,
      ...totals,
      shippingMethod,
      shippingAddress: address,
      referralCode: options.referralCode,
      expiresAt: new Date(now.getTime() + env.ORDER_PAYMENT_TTL_MINUTES * 60_000),
    },
    reserved.map(({ product, quantity }, index) => {
      const line = priced.lines[index];
      if (!line) throw new Error("A reserved line was not priced");
      return { product, quantity, unitPriceCents: line.unitPriceCents, regularPriceCents: product.discountPriceCents };
    }),
    { by: customerActor(userId), note: options.referralCode ? `Referral code ${options.referralCode}` : null },
  );
}

/** The cart becomes a pending order; the cart lines it took are removed. */
export async function checkoutCart(userId: string, referralCode: string | null): Promise<{ orderId: string }> {
  await sweepExpiredOrders({ userId });
  return inTransaction(async (tx) => {
    const lines = await cartLinesForCheckout(tx, userId);
    if (lines.length === 0) throw new AppError(400, ORDER_MESSAGES.emptyCart);
    const orderId = await createPendingOrder(tx, userId, lines, { referralCode });
    await checkoutAnnouncements.placed.announce(tx, { now: new Date() });
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
  const orderId = await inTransaction(async (tx) => {
    const placed = await createPendingOrder(tx, userId, [{ sku, quantity }], { referralCode });
    await checkoutAnnouncements.placed.announce(tx, { now: new Date() });
    return placed;
  });
  return { orderId };
}
