import { sql } from "drizzle-orm";
import type { UsAddress } from "@/lib/schemas/auth";
import { check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { USER_ROLES } from "@/lib/config/roles";

export { USER_ROLES, type UserRole } from "@/lib/config/roles";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Always stored lower-cased and trimmed; the unique index relies on it. */
    email: text("email").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** argon2id PHC string; null for accounts that only sign in with Google. */
    passwordHash: text("password_hash"),
    username: text("username"),
    phone: text("phone"),
    defaultAddress: jsonb("default_address").$type<UsAddress>(),
    role: text("role", { enum: USER_ROLES }).notNull().default("customer"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email),
    check("users_email_lower", sql`${table.email} = lower(${table.email})`),
    check("users_role_known", sql`${table.role} in ('customer', 'admin')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
