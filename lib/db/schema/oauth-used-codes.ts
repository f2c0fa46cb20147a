import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Authorization codes already exchanged (only their SHA-256): the primary key makes a second
// exchange of the same code fail even when two requests race. Rows older than a day are pruned.
export const oauthUsedCodes = pgTable(
  "oauth_used_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    issuer: text("issuer").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("oauth_used_codes_used_at_idx").on(table.usedAt)],
);
