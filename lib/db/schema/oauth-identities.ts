import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { createdAt } from "./columns";

// An external sign-in (Google or another OpenID issuer) is keyed by (issuer, subject), never by e-mail.
export const oauthIdentities = pgTable(
  "oauth_identities",
  {
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.issuer, table.subject] }), index("oauth_identities_user_idx").on(table.userId)],
);
