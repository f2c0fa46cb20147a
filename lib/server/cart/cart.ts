import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { UI } from "@/lib/config/store";
import { getDb, type Database } from "@/lib/db/client";
import { cartItems, type ProductRow, type ProductSpecRow } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/rules/money";
import type { CartItem, CartList } from "@/lib/schemas/cart";
import { AppError } from "@/lib/server/base/errors";
import { findListedProduct, listedLineFactsSubquery, listedSkuQuery, withProducts } from "@/lib/server/catalog/lookups";
import { priceLines } from "@/lib/rules/member-pricing";
import { isOnePerCustomer } from "@/lib/config/memberships";
import { assertCarePlanBuyable, assertMembershipBuyable, isMemberAt, MEMBERSHIP_MESSAGES } from "@/lib/server/memberships";
import { cartShippingSummary } from "@/lib/server/shipping";
import { inTransaction } from "@/lib/server/transaction";
import { cartAnnouncements } from "./announcements";

// The customer's cart: one line per product, prices always read from the catalogue (a line stores
// only the quantity). Every call answers the whole cart, so the drawer never computes money itself.
// Stock here is a promise about the moment of the call; checkout reserves it for real.

/** A database or a transaction of it (a Drizzle transaction is a Database). */
type Executor = Database;

export const CART_MESSAGES = {
  unknownProduct: "This product does not exist or is no longer sold.",
  notInCart: "This product is not in your cart.",
  outOfStock: "This product is out of stock.",
  onlyLeft: (stock: number) => `Only ${stock} left in stock.`,
  lineLimit: (max: number) => `You can have at most ${max} of one product in your cart.`,
} as const;

export interface CartLine {
  sku: string;
  name: string;
  category: ProductRow["category"];
  images: string[];
  attributes: string;
  spec: ProductSpecRow[];
  /** The catalogue's prices at the moment of reading, in cents; the unit price is the discounted one (the member price for a member, lib/rules/member-pricing.ts). */
  originalPriceCents: number;
  discountPriceCents: number;
  /** What members pay instead of the discount price; null when the product has none. */
  memberPriceCents: number | null;
  stock: number;
  planMonths: number | null;
  quantity: number;
}

function notFound(message: string): AppError {
  return new AppError(404, message, [{ path: "skuNum", message }]);
}

function conflict(message: string): AppError {
  return new AppError(409, message, [{ path: "quantity", message }]);
}

/** A cart row as a line, with its product's facts as the catalogue has them now. */
function cartLine({ product, quantity }: { product: Omit<CartLine, "quantity">; quantity: number }): CartLine {
  return {
    sku: product.sku,
    name: product.name,
    category: product.category,
    images: product.images,
    attributes: product.attributes,
    spec: product.spec,
    originalPriceCents: product.originalPriceCents,
    discountPriceCents: product.discountPriceCents,
    memberPriceCents: product.memberPriceCents,
    stock: product.stock,
    planMonths: product.planMonths,
    quantity,
  };
}

/**
 * Lines of listed products, oldest first, in one statement (every list and add reads them). A
 * product withdrawn from sale drops out of the cart's view.
 */
async function readLines(db: Executor, userId: string): Promise<CartLine[]> {
  const listed = listedLineFactsSubquery(db);
  const rows = await db
    .select({ product: listed._.selectedFields, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(listed, eq(listed.sku, cartItems.sku))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.sku));
  return rows.map(cartLine);
}

function toCartItem(line: CartLine): CartItem {
  return {
    skuNum: line.sku,
    name: line.name,
    image: line.images,
    attributes: line.attributes,
    spec: line.spec,
    quantity: line.quantity,
    originalPrice: centsToAmount(line.originalPriceCents),
    discountPrice: centsToAmount(line.discountPriceCents),
    memberPrice: line.memberPriceCents === null ? null : centsToAmount(line.memberPriceCents),
    stock: line.stock,
  };
}

/**
 * The cart as the API answers it: lines, money as strings, and the badge's number. A member's lines
 * are priced at their member prices and their UPS Ground is free; only lines that ship count toward
 * shipping and its free threshold.
 */
export function summariseCart(lines: CartLine[], member: boolean): CartList {
  const priced = priceLines(lines, member);
  const shipping = cartShippingSummary({ shippedSubtotalCents: priced.shippedSubtotalCents, member });
  return {
    cartList: lines.map(toCartItem),
    shipping: centsToAmount(shipping.shippingCents),
    subTotal: centsToAmount(priced.subtotalCents),
    shippedSubTotal: centsToAmount(priced.shippedSubtotalCents),
    member,
    freeShippingThreshold: centsToAmount(shipping.freeShippingThresholdCents),
    // An empty cart, or one of plans only, ships nothing, so nothing is left to add either ("0.00",
    // docs/api.md Cart); nor for a member, whose ground shipping is free.
    amountToFreeShipping: centsToAmount(shipping.amountToFreeShippingCents),
    // The badge counts pieces, not lines: two filters and a purifier are 3 items.
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

async function sellableProduct(db: Executor, sku: string): Promise<Pick<ProductRow, "stock" | "category" | "planMonths">> {
  const product = await findListedProduct(db, sku);
  if (!product) throw notFound(CART_MESSAGES.unknownProduct);
  return product;
}

/** Refuses a line quantity the shop cannot promise: over the stock, or over the per-line maximum. */
function assertQuantityAvailable(quantity: number, stock: number): void {
  if (stock <= 0) throw conflict(CART_MESSAGES.outOfStock);
  if (quantity > stock) throw conflict(CART_MESSAGES.onlyLeft(stock));
  if (quantity > UI.quantity.max) throw conflict(CART_MESSAGES.lineLimit(UI.quantity.max));
}

export async function listCart(userId: string, now: Date = new Date()): Promise<CartList> {
  const db = await getDb();
  const [lines, member] = await Promise.all([readLines(db, userId), isMemberAt(db, userId, now)]);
  return summariseCart(lines, member);
}

/** Adds `quantity` pieces; a product already in the cart gets the two quantities merged. */
export async function addToCart(userId: string, sku: string, quantity: number): Promise<CartList> {
  const db = await getDb();
  const product = await sellableProduct(db, sku);
  const { stock } = product;
  const single = isOnePerCustomer(product);
  const limit = single ? 1 : Math.min(stock, UI.quantity.max);
  assertQuantityAvailable(quantity, stock);
  // The plan rules get the product read above rather than each reading it again.
  await assertCarePlanBuyable(db, userId, [product]);
  await assertMembershipBuyable(db, userId, [{ product, quantity }]);
  // One statement decides the merge, so two adds at once cannot pass the limit between them.
  const merged = await db
    .insert(cartItems)
    .values({ userId, sku, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.sku],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
    })
    // xmax is 0 on a row this statement inserted, set on one it updated: a new line, not a merge.
    .returning({ quantity: cartItems.quantity, inserted: sql<boolean>`xmax = 0` });
  if (merged[0]?.inserted) await announceStartedCart(userId);
  if (merged.length === 0) {
    const [line] = await db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.sku, sku)));
    const inCart = line?.quantity ?? 0;
    const total = inCart + quantity;
    const reason = single
      ? MEMBERSHIP_MESSAGES.onePerCustomer
      : total > stock
        ? CART_MESSAGES.onlyLeft(stock)
        : CART_MESSAGES.lineLimit(UI.quantity.max);
    throw conflict(`${reason} You already have ${inCart} in your cart.`);
  }
  return listCart(userId);
}

/** A new line that is the cart's only one started the cart (the console's funnel counts it). */
async function announceStartedCart(userId: string): Promise<void> {
  await inTransaction(async (tx) => {
    const [lines] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    if (lines?.count === 1) await cartAnnouncements.started.announce(tx, { now: new Date() });
  });
}

/** Sets a line's quantity (the drawer's stepper). */
export async function updateCartItem(userId: string, sku: string, quantity: number): Promise<CartList> {
  const db = await getDb();
  const product = await sellableProduct(db, sku);
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.sku, sku)));
  if (!line) throw notFound(CART_MESSAGES.notInCart);
  assertQuantityAvailable(quantity, product.stock);
  await assertMembershipBuyable(db, userId, [{ product, quantity }]);
  const updated = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.sku, sku)))
    .returning({ quantity: cartItems.quantity });
  // Removed meanwhile (another tab): the same answer as a line that was never there.
  if (updated.length === 0) throw notFound(CART_MESSAGES.notInCart);
  return listCart(userId);
}

/** Removes a line, whether or not its product is still sold. */
export async function removeFromCart(userId: string, sku: string): Promise<CartList> {
  const db = await getDb();
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.sku, sku)))
    .returning({ sku: cartItems.sku });
  if (removed.length === 0) throw notFound(CART_MESSAGES.notInCart);
  return listCart(userId);
}

/**
 * For checkout, inside its transaction: the lines the drawer shows (listed products, catalogue
 * prices now), sorted by sku so concurrent checkouts lock products in one order. The cart rows are
 * locked until the transaction ends, so an update from another tab waits for the checkout.
 */
export async function cartLinesForCheckout(tx: Executor, userId: string): Promise<CartLine[]> {
  const rows = await tx
    .select({ sku: cartItems.sku, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.sku, listedSkuQuery(tx))))
    .orderBy(asc(cartItems.sku))
    .for("update");
  return (await withProducts(tx, rows)).map(cartLine);
}

/**
 * Empties the cart inside the caller's transaction. With `skus`, only those lines go: a product
 * added from another tab while the checkout ran stays in the cart instead of vanishing unordered.
 */
export async function clearCart(tx: Executor, userId: string, skus?: readonly string[]): Promise<void> {
  if (skus && skus.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), skus ? inArray(cartItems.sku, [...skus]) : undefined));
}
