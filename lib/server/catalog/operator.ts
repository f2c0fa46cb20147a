import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import { revalidateTag } from "next/cache";
import { CATALOGUE_CACHE } from "@/lib/config/catalog";
import { getDb } from "@/lib/db/client";
import { productChanges } from "@/lib/db/schema/product-changes";
import { products, type ProductRow } from "@/lib/db/schema/products";
import type { UserRow } from "@/lib/db/schema/users";
import { amountToCents, centsToAmount } from "@/lib/rules/money";
import type { OperatorProduct, ProductChange } from "@/lib/schemas/operator-catalogue";
import { merchandiseUpdateSchema, type Merchandise } from "@/lib/schemas/merchandise";
import { assertOperator } from "@/lib/server/auth/roles";
import { emailsOfUsers } from "@/lib/server/auth/users";
import { AppError } from "@/lib/server/base/errors";
import { parseWith } from "@/lib/server/base/parse";
import { afterCommit, inTransaction } from "@/lib/server/transaction";
import { catalogAnnouncements } from "./announcements";
import { toMerchandise } from "./queries";

/**
 * An operator changes a product's prices (member price included), stock or listing (the operator console calls this). The
 * shared catalogue cache is expired at once, so the next page view already shows the change:
 * prices on the pages must be the ones checkout charges. Unlisted products answer 404 to customers
 * from then on; orders that hold them keep their lines. Every field that really changed is recorded
 * in product_changes with the operator's id (a caller without a user id, such as a script, records none).
 */
export async function updateMerchandise(
  actor: Pick<UserRow, "role"> & Partial<Pick<UserRow, "id">>,
  skuNum: string,
  changes: unknown,
): Promise<Merchandise> {
  assertOperator(actor);
  const update = parseWith(merchandiseUpdateSchema, changes);
  const row = await inTransaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.sku, skuNum)).for("update");
    if (!current) throw new AppError(404, `There is no product with the sku ${skuNum}.`);
    const originalPriceCents = update.originalPrice === undefined ? current.originalPriceCents : amountToCents(update.originalPrice);
    const discountPriceCents = update.discountPrice === undefined ? current.discountPriceCents : amountToCents(update.discountPrice);
    if (discountPriceCents > originalPriceCents) {
      throw new AppError(422, "discountPrice: The discounted price cannot be higher than the original price.", [
        { path: "discountPrice", message: "The discounted price cannot be higher than the original price." },
      ]);
    }
    const memberPriceCents =
      update.memberPrice === undefined ? current.memberPriceCents : update.memberPrice === null ? null : amountToCents(update.memberPrice);
    if (memberPriceCents !== null && memberPriceCents > discountPriceCents) {
      // Named after what the operator changed: a lower discount price can leave the kept member price above it.
      const path = update.memberPrice === undefined ? "discountPrice" : "memberPrice";
      const message =
        path === "memberPrice"
          ? `The member price cannot be higher than the discounted price (${centsToAmount(discountPriceCents)}).`
          : `The discounted price cannot be lower than the member price (${centsToAmount(memberPriceCents)}). Lower or clear the member price first.`;
      throw new AppError(422, `${path}: ${message}`, [{ path, message }]);
    }
    const [updated] = await tx
      .update(products)
      .set({
        originalPriceCents,
        discountPriceCents,
        memberPriceCents,
        ...(update.stock === undefined ? {} : { stock: update.stock }),
        ...(update.listed === undefined ? {} : { listed: update.listed }),
        updatedAt: sql`now()`,
      })
      .where(eq(products.sku, skuNum))
      .returning();
    if (!updated) throw new AppError(404, `There is no product with the sku ${skuNum}.`);
    const changed = changedFields(current, updated);
    if (changed.length > 0) {
      await tx.insert(productChanges).values(changed.map((change) => ({ ...change, sku: updated.sku, actorUserId: actor.id ?? null })));
    }
    // Site search (and whatever else copies the catalogue) follows in this transaction.
    await catalogAnnouncements.productChanged.announce(tx, { sku: updated.sku });
    // After the commit: a page rendered in between would otherwise cache the old row again.
    afterCommit(tx, { label: "revalidating the catalogue", run: () => revalidateTag(CATALOGUE_CACHE.tag, { expire: 0 }) });
    return updated;
  });
  return toMerchandise(row);
}

function memberPriceText(cents: number | null): string {
  return cents === null ? "none" : centsToAmount(cents);
}

function changedFields(before: ProductRow, after: ProductRow): { field: string; fromValue: string; toValue: string }[] {
  const pairs: [string, string, string][] = [
    ["originalPrice", centsToAmount(before.originalPriceCents), centsToAmount(after.originalPriceCents)],
    ["discountPrice", centsToAmount(before.discountPriceCents), centsToAmount(after.discountPriceCents)],
    // "none" for no member price: the record reads "none → 24.65" when one is set.
    ["memberPrice", memberPriceText(before.memberPriceCents), memberPriceText(after.memberPriceCents)],
    ["stock", String(before.stock), String(after.stock)],
    ["listed", String(before.listed), String(after.listed)],
  ];
  return pairs.filter(([, from, to]) => from !== to).map(([field, fromValue, toValue]) => ({ field, fromValue, toValue }));
}

function toOperatorProduct(row: ProductRow): OperatorProduct {
  return {
    sku: row.sku,
    name: row.name,
    category: row.category,
    originalPrice: centsToAmount(row.originalPriceCents),
    discountPrice: centsToAmount(row.discountPriceCents),
    memberPrice: row.memberPriceCents === null ? null : centsToAmount(row.memberPriceCents),
    stock: row.stock,
    listed: row.listed,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every product, listed or not, for the operator console (live: stock and listing as they are). */
export async function operatorListProducts(actor: Pick<UserRow, "role">): Promise<OperatorProduct[]> {
  assertOperator(actor);
  const db = await getDb();
  const rows = await db.select().from(products).orderBy(asc(products.category), asc(products.sortOrder), asc(products.sku));
  return rows.map(toOperatorProduct);
}

/** One product with its change record, newest first; null for an unknown sku. */
export async function operatorGetProduct(
  actor: Pick<UserRow, "role">,
  skuNum: string,
): Promise<{ product: OperatorProduct; changes: ProductChange[] } | null> {
  assertOperator(actor);
  const db = await getDb();
  const [row] = await db.select().from(products).where(eq(products.sku, skuNum));
  if (!row) return null;
  const changes = await db
    .select()
    .from(productChanges)
    .where(eq(productChanges.sku, skuNum))
    .orderBy(desc(productChanges.createdAt), asc(productChanges.field));
  const emailOf = await emailsOfUsers(
    db,
    changes.map((change) => change.actorUserId),
  );
  return {
    product: toOperatorProduct(row),
    changes: changes.map((change) => ({
      field: change.field,
      from: change.fromValue,
      to: change.toValue,
      by: emailOf(change.actorUserId),
      at: change.createdAt.toISOString(),
    })),
  };
}
