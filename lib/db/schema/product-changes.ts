import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { products } from "./products";
import { users } from "./users";
import { createdAt } from "./columns";

// The record of operator changes to a product (price, discount price, stock, listed): one row per
// field changed, with the value before and after, shown on the product's page in the console.
export const productChanges = pgTable(
  "product_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sku: text("sku")
      .notNull()
      .references(() => products.sku, { onDelete: "cascade" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** originalPrice, discountPrice, stock or listed (the names of the update call). */
    field: text("field").notNull(),
    fromValue: text("from_value").notNull(),
    toValue: text("to_value").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("product_changes_sku_idx").on(table.sku, table.createdAt)],
);

export type ProductChangeRow = typeof productChanges.$inferSelect;
