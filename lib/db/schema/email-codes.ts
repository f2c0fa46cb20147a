import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const CODE_PURPOSES = ["register", "reset"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

// One-time e-mail codes, bound to an address and a purpose. Only a hash of the code is kept.
export const emailCodes = pgTable(
  "email_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: CODE_PURPOSES }).notNull(),
    codeHash: text("code_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [
    index("email_codes_lookup_idx").on(table.email, table.purpose, table.createdAt),
    check("email_codes_purpose_known", sql`${table.purpose} in ('register', 'reset')`),
  ],
);

export type EmailCodeRow = typeof emailCodes.$inferSelect;
