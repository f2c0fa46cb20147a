import "server-only";
import { and, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import { CARE_ENDING_REMINDER_DAYS } from "@/lib/config/memberships";
import { memberships } from "@/lib/db/schema";
import { queueMail } from "@/lib/server/mail/outbox";
import { careEndingMail } from "@/lib/server/mail/templates/memberships";
import { acceptsReminders, reminderUnsubscribe } from "@/lib/server/reminders";
import { inTransaction } from "@/lib/server/transaction";
import { planMailFactsOf } from "./plan-rows";

// The care plan's "ends in 30 days" reminder. One conditional UPDATE marks each plan whose end is
// at most CARE_ENDING_REMINDER_DAYS away and not yet announced, and returns only the rows this run
// marked: with several instances at once, each plan is e-mailed once. A plan followed by another
// care plan (bought ahead) is not reminded: its cover goes on.

const DAY_MS = 86_400_000;

export async function runCareReminders(now: Date): Promise<{ reminded: number }> {
  return inTransaction(async (tx) => {
    const horizon = new Date(now.getTime() + CARE_ENDING_REMINDER_DAYS * DAY_MS);
    const marked = await tx
      .update(memberships)
      .set({ endNoticeSentFor: sql`${memberships.endsAt}` })
      .where(
        and(
          eq(memberships.kind, "care"),
          eq(memberships.status, "active"),
          lte(memberships.startsAt, now),
          gt(memberships.endsAt, now),
          lte(memberships.endsAt, horizon),
          or(isNull(memberships.endNoticeSentFor), ne(memberships.endNoticeSentFor, memberships.endsAt)),
          sql`not exists (select 1 from memberships as later where later.user_id = memberships.user_id
                and later.kind = 'care' and later.status = 'active' and later.starts_at >= memberships.ends_at)`,
        ),
      )
      .returning();
    for (const row of marked) {
      const facts = await planMailFactsOf(tx, row);
      // An opted-out customer's plan is still marked, so it is not considered again.
      if (facts && (await acceptsReminders(tx, row.userId))) {
        await queueMail(tx, careEndingMail(facts, row.endsAt, reminderUnsubscribe(row.userId)));
      }
    }
    return { reminded: marked.length };
  });
}
