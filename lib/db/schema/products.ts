import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { MERCHANDISE_CATEGORIES } from "../../schemas/merchandise";
import { createdAt, updatedAt } from "./columns";

// The API's list; relative import, since drizzle-kit reads this file too.
export const PRODUCT_CATEGORIES = MERCHANDISE_CATEGORIES;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export interface ProductSpecRow {
  spec_key: string;
  spec_name: string;
  spec_value: string;
}

// The catalogue ("merchandise" in the API). Prices are integer cents; `stock` is what can still be
// sold: checkout takes from it in the same statement that checks it, so it never goes below zero.
export const products = pgTable(
  "products",
  {
    sku: text("sku").primaryKey(),
    category: text("category", { enum: PRODUCT_CATEGORIES }).notNull(),
    name: text("name").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    images: jsonb("images")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    attributes: text("attributes").notNull().default(""),
    spec: jsonb("spec")
      .$type<ProductSpecRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    description: text("description").notNull().default(""),
    originalPriceCents: integer("original_price_cents").notNull(),
    discountPriceCents: integer("discount_price_cents").notNull(),
    stock: integer("stock").notNull().default(0),
    /** Unlisted products are hidden from the store and cannot be bought; old orders keep them. */
    listed: boolean("listed").notNull().default(true),
    /** Membership and care plans: how long one unit lasts once paid. */
    planMonths: integer("plan_months"),
    /**
     * Members pay this instead of the discount price (null: no member price). Set by the operator;
     * the server applies it while the buyer's membership is active.
     */
    memberPriceCents: integer("member_price_cents"),
    /** Replacement cartridges: the purifier stage the cartridge fills (1, 2, 3) and its rated life. */
    filterStage: integer("filter_stage"),
    filterLifeMonths: integer("filter_life_months"),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("products_category_idx").on(table.category, table.sortOrder),
    check("products_stock_not_negative", sql`${table.stock} >= 0`),
    check(
      "products_prices_valid",
      sql`${table.originalPriceCents} >= 0 and ${table.discountPriceCents} >= 0 and ${table.discountPriceCents} <= ${table.originalPriceCents}`,
    ),
    check("products_plan_months_positive", sql`${table.planMonths} is null or ${table.planMonths} > 0`),
    check(
      "products_member_price_valid",
      sql`${table.memberPriceCents} is null or (${table.memberPriceCents} >= 0 and ${table.memberPriceCents} <= ${table.discountPriceCents})`,
    ),
    check(
      "products_filter_stage_valid",
      sql`(${table.filterStage} is null) = (${table.filterLifeMonths} is null) and (${table.filterStage} is null or (${table.filterStage} > 0 and ${table.filterLifeMonths} > 0))`,
    ),
    uniqueIndex("products_filter_stage_key").on(table.filterStage),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
