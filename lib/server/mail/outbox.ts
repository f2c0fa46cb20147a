import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { env } from "@/lib/config/env";
import { MAIL_OUTBOX } from "@/lib/config/mail";
import { getDb, type Database, type DbExecutor, type Transaction } from "@/lib/db/client";
import { mailOutbox, type MailOutboxRow } from "@/lib/db/schema";
import { describeError } from "@/lib/server/base/error-log";
import { afterCommit } from "@/lib/server/transaction";
import { renderMail, type MailDraft } from "./render";
import { closeMailTransport, sendMail } from "./transport";
import { log } from "@/lib/server/log";

// The mail outbox. queueMail writes a message in the transaction of the change it reports, so a
// rolled-back change sends nothing and a committed one cannot lose its e-mail; the worker sends
// queued messages after the answer has gone, retrying with back-off until the mail server takes
// them. Several workers (instances) may drain one outbox: each claims messages with
// FOR UPDATE SKIP LOCKED and a lease, so a message goes to one worker at a time, and one whose
// worker died mid-send is taken again when the lease lapses.

/**
 * Renders `draft` (a template of lib/server/mail/templates) and queues it in `tx`; the worker is
 * nudged once `tx` commits. Rendered now, so the message says what was true when it was written.
 */
export async function queueMail(tx: Transaction, draft: MailDraft): Promise<void> {
  const message = await renderMail(draft);
  const domain = new URL(env.SITE_URL).hostname || "lenwell.local";
  await tx.insert(mailOutbox).values({
    messageId: `<${randomUUID()}@${domain}>`,
    recipient: message.to,
    subject: message.subject,
    body: message.text,
    html: message.html ?? null,
    headers: message.headers ?? null,
  });
  afterCommit(tx, { label: `the nudge for the e-mail "${message.subject}"`, run: () => mailWorker().nudge() });
}

/** The wait before try `attempts + 1`, after `attempts` failed ones: doubling from the first, at most the maximum, ±20 %. */
export function retryDelaySeconds(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAIL_OUTBOX.firstRetrySeconds * 2 ** Math.max(0, attempts - 1), MAIL_OUTBOX.maxRetrySeconds);
  return base * (0.8 + 0.4 * random());
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  givenUp: number;
}

interface DeliverOptions {
  /** The database whose outbox to drain; the process's by default. */
  db?: Database;
  /** The clock (tests move it); defaults to now. */
  now?: Date;
  /** Sends one message; the transport by default. */
  send?: (row: MailOutboxRow) => Promise<void>;
}

const defaultSend = (row: MailOutboxRow) =>
  sendMail({
    messageId: row.messageId,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    ...(row.html ? { html: row.html } : {}),
    ...(row.headers ? { headers: row.headers } : {}),
  });

/** Claims up to a batch of due messages for this worker (none another worker holds). */
async function claimDue(db: DbExecutor, now: Date): Promise<MailOutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.seq))
    .limit(MAIL_OUTBOX.batch)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ claimedUntil: new Date(now.getTime() + MAIL_OUTBOX.leaseSeconds * 1000), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Why a send failed, as kept on the message (the mail server's words, never our SQL). */
function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = "code" in error && typeof error.code === "string" ? ` (${error.code})` : "";
  return `${error.message}${code}`.slice(0, 500);
}

/** Sends what is due now, batch after batch, until nothing due is left unclaimed. */
export async function deliverDueMail(options: DeliverOptions = {}): Promise<DeliveryReport> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const send = options.send ?? defaultSend;
  const report: DeliveryReport = { sent: 0, retrying: 0, givenUp: 0 };
  for (;;) {
    const claimed = await claimDue(db, now);
    if (claimed.length === 0) return report;
    for (const row of claimed) {
      try {
        await send(row);
      } catch (error) {
        const reason = failureReason(error);
        const age = now.getTime() - row.createdAt.getTime();
        if (age > MAIL_OUTBOX.giveUpAfterHours * 3_600_000) {
          report.givenUp += 1;
          log.error(
            { messageId: row.messageId, subject: row.subject, attempts: row.attempts, reason },
            `Mail outbox: gave up on ${row.messageId} "${row.subject}" after ${row.attempts} tries: ${reason}`,
          );
          await db.update(mailOutbox).set({ failedAt: now, claimedUntil: null, lastError: reason }).where(eq(mailOutbox.id, row.id));
        } else {
          report.retrying += 1;
          const retryAt = new Date(now.getTime() + retryDelaySeconds(row.attempts) * 1000);
          log.warn(
            { messageId: row.messageId, subject: row.subject, attempts: row.attempts, retryAt: retryAt.toISOString(), reason },
            `Mail outbox: "${row.subject}" not sent (try ${row.attempts}), again at ${retryAt.toISOString()}: ${reason}`,
          );
          await db
            .update(mailOutbox)
            .set({ nextAttemptAt: retryAt, claimedUntil: null, lastError: reason })
            .where(eq(mailOutbox.id, row.id));
        }
        continue;
      }
      report.sent += 1;
      await db.update(mailOutbox).set({ sentAt: now, claimedUntil: null, lastError: null }).where(eq(mailOutbox.id, row.id));
      // The mail server is back: what waits out a back-off goes now rather than minutes later.
      if (row.attempts > 1) {
        await db
          .update(mailOutbox)
          .set({ nextAttemptAt: now })
          .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), gt(mailOutbox.nextAttemptAt, now)));
      }
    }
  }
}

/**
 * The worker of one process: drains the outbox when nudged (after a commit that queued mail) and
 * every few seconds. Drains never overlap in one process; a nudge during a drain runs another
 * right after it.
 */
export class MailWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(private readonly deliver: () => Promise<DeliveryReport> = () => deliverDueMail()) {}

  /** Starts a drain now, or right after the current one. Never rejects, never makes the caller wait. */
  nudge(): void {
    // A stopped worker (a shutting-down instance) takes no new drain: the others' polls send it.
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      await this.deliver();
    } catch (error) {
      log.error(
        { error: describeError(error) },
        `Mail outbox: the drain failed (it runs again on the next nudge or poll): ${describeError(error)}`,
      );
    }
  }

  /** Resolves when no drain is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => this.nudge(), MAIL_OUTBOX.pollMs);
    // Never keeps the process alive on its own.
    this.timer.unref();
    this.nudge();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    closeMailTransport();
  }
}

// One worker per process, even when Next loads this module more than once.
const holder = globalThis as typeof globalThis & { __lenwellMailWorker?: MailWorker };

export function mailWorker(): MailWorker {
  holder.__lenwellMailWorker ??= new MailWorker();
  return holder.__lenwellMailWorker;
}

/** Messages not sent yet (the operator's view of a backlog; tests). */
export async function pendingMailCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
  return row?.count ?? 0;
}
