import { and, eq, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { mailWorker } from "@/lib/server/mail/outbox";
import { newestMailTo } from "@/lib/server/mail/outbox-reader";

/**
 * Sends what the outbox holds now, as the worker would after the answer, and with `to` waits until
 * every message to that address is out. On a PostgreSQL shared by several test files another
 * file's worker may be the one sending it (as another instance would), so the test waits for the
 * outbox to say so rather than for its own worker.
 */
export async function deliverQueuedMail(to?: string): Promise<void> {
  const worker = mailWorker();
  worker.nudge();
  await worker.idle();
  if (!to) return;
  const db = await getDb();
  await expect
    .poll(
      async () => {
        mailWorker().nudge();
        const waiting = await db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.recipient, to), isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), isNull(mailOutbox.expiredAt)));
        return waiting.length;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(0);
}

/** The newest message to `to` in the outbox folder `dir`, once everything queued for it has been sent. */
export async function deliveredMailTo(dir: string, to: string): Promise<string | null> {
  await deliverQueuedMail(to);
  return newestMailTo(dir, to);
}
