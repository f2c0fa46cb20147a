import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, uuid } from "drizzle-orm/pg-core";

// The console's funnel: one row each time a cart is started, a checkout made or an order paid, with
// the shop's day and nothing else: no user, no session, no cookie, so the funnel needs no consent
// and says nothing about anyone (docs/decisions/0046-console-overview.md). A row per event rather
// than a counter per day: a counter would be one row every payment of the day waits to lock.
export const FUNNEL_STEPS = ["cart_started", "checkout", "paid"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const funnelEvents = pgTable(
  "funnel_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The shop's calendar day (America/Chicago) it happened on. */
    day: date("day", { mode: "string" }).notNull(),
    step: text("step", { enum: FUNNEL_STEPS }).notNull(),
  },
  (table) => [
    index("funnel_events_day_idx").on(table.day, table.step),
    check("funnel_events_step_known", sql`${table.step} in ('cart_started', 'checkout', 'paid')`),
  ],
);

export type FunnelEventRow = typeof funnelEvents.$inferSelect;
