import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { products, type ProductRow } from "@/lib/db/schema";

// How stock moves: the products table is the catalogue's (eslint.config.mjs TABLE_OWNERS), so an
// order takes and gives back pieces through these, in its own transaction. The order of the rows
// (and so of the locks) is the caller's: orders/stock.ts always goes in sku order.

/**
 * Takes `quantity` pieces of a listed product in the statement that checks there are enough, so two
 * transactions can never both take the last one. The row as it is after the take; undefined when
 * there were not enough, or the sku is unknown or not listed.
 */
export async function takeStock(tx: Transaction, sku: string, quantity: number): Promise<ProductRow | undefined> {
  const [product] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: sql`now()` })
    .where(and(eq(products.sku, sku), gte(products.stock, quantity), eq(products.listed, true)))
    .returning();
  return product;
}

/** Why a take failed: the product's name, stock and whether it is listed; undefined for an unknown sku. */
export async function stockStanding(tx: Transaction, sku: string): Promise<Pick<ProductRow, "name" | "stock" | "listed"> | undefined> {
  const [current] = await tx
    .select({ name: products.name, stock: products.stock, listed: products.listed })
    .from(products)
    .where(eq(products.sku, sku));
  return current;
}

/** Puts pieces back on sale (a cancelled or expired order's lines). */
export async function putBackStock(tx: Transaction, sku: string, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(products.sku, sku));
}
