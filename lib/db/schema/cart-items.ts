import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { products } from "./products";
import { users } from "./users";
import { createdAt, updatedAt } from "./columns";

// One row per customer and product; adding the same product again raises the quantity. Prices are
// never stored here: the cart always shows the catalogue's current price.
export const cartItems = pgTable(
  "cart_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sku: text("sku")
      .notNull()
      .references(() => products.sku, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.sku] }),
    check("cart_items_quantity_range", sql`${table.quantity} between 1 and 1000`),
  ],
);

export type CartItemRow = typeof cartItems.$inferSelect;
