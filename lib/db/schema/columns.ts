import { timestamp } from "drizzle-orm/pg-core";

// The two timestamps most tables keep. Functions, so each table gets columns of its own.

/** When the row was written, by the database's clock, with its time zone. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When the row last changed; the code that changes a row sets it. */
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
