import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { env } from "@/lib/config/env";
import { MAIL_OUTBOX, type MailLane } from "@/lib/config/mail";
import { getDb, type Database, type DbExecutor, type Transaction } from "@/lib/db/client";
import { mailOutbox, type MailOutboxRow } from "@/lib/db/schema";
import { describeError } from "@/lib/server/base/error-log";
import { afterCommit } from "@/lib/server/transaction";
import { MAIL_TEMPLATES, templateClass } from "./lanes";
import { renderMail, type MailDraft } from "./render";
import { openMail, sealMail } from "./sealed";
import { closeMailTransport, sendMail, type OutgoingMail } from "./transport";
import { log } from "@/lib/server/log";

// The mail outbox. queueMail writes a message in the transaction of the change it reports, so a
// rolled-back change sends nothing and a committed one cannot lose its e-mail; the worker sends
// queued messages after the answer has gone, retrying with back-off until the mail server takes
// them. Several workers (instances) may drain one outbox: each claims messages with
// FOR UPDATE SKIP LOCKED and a lease, so a message goes to one worker at a time, and one whose
// worker died mid-send is taken again when the lease lapses.
//
// Two lanes (lanes.ts, docs/decisions/0039): each batch takes the urgent lane's due messages first,
// newest first, then the standard lane's, oldest first. A message carrying a secret is sealed while
// it waits, is not sent once what it carries has expired, and loses its contents once sent or
// expired. The log names a message by its Message-ID and template, never by its subject or body.

/** What a secret-bearing message keeps once sent or expired: its id, template, recipient, lane, status and timestamps. */
const REMOVED_CONTENTS = { subject: "", body: "", html: null, sealed: null } as const;

/**
 * Renders `draft` (a template of lib/server/mail/templates) and queues it in `tx`; the worker is
 * nudged once `tx` commits. Rendered now, so the message says what was true when it was written.
 */
export async function queueMail(tx: Transaction, draft: MailDraft): Promise<void> {
  const { lane, secret } = MAIL_TEMPLATES[draft.template];
  if (secret !== (draft.expiresAt !== undefined)) {
    throw new Error(
      `Mail template ${draft.template}: ${secret ? "a message carrying a secret needs expiresAt" : "only a message carrying a secret expires"}`,
    );
  }
  const message = await renderMail(draft);
  const domain = new URL(env.SITE_URL).hostname || "lenwell.local";
  const messageId = `<${randomUUID()}@${domain}>`;
  const contents = secret
    ? {
        subject: "",
        body: "",
        html: null,
        sealed: sealMail({ subject: message.subject, text: message.text, html: message.html ?? null }, messageId),
      }
    : { subject: message.subject, body: message.text, html: message.html ?? null, sealed: null };
  await tx.insert(mailOutbox).values({
    messageId,
    recipient: message.to,
    template: draft.template,
    lane,
    ...contents,
    headers: message.headers ?? null,
    expiresAt: draft.expiresAt ?? null,
  });
  afterCommit(tx, { label: `the nudge for the e-mail ${messageId} (${draft.template})`, run: () => mailWorker().nudge() });
}

/** The wait before try `attempts + 1`, after `attempts` failed ones: doubling from the first, at most `maxSeconds`, ±20 %. */
export function retryDelaySeconds(
  attempts: number,
  random: () => number = Math.random,
  maxSeconds: number = MAIL_OUTBOX.maxRetrySeconds,
): number {
  const base = Math.min(MAIL_OUTBOX.firstRetrySeconds * 2 ** Math.max(0, attempts - 1), maxSeconds);
  return base * (0.8 + 0.4 * random());
}

const maxRetrySeconds = (lane: string) => (lane === "urgent" ? MAIL_OUTBOX.urgentMaxRetrySeconds : MAIL_OUTBOX.maxRetrySeconds);

export interface DeliveryReport {
  sent: number;
  retrying: number;
  givenUp: number;
  /** Secret-bearing messages not sent because what they carry had expired (their contents removed). */
  expired: number;
}

interface DeliverOptions {
  /** The database whose outbox to drain; the process's by default. */
  db?: Database;
  /** The clock (tests move it); defaults to now, read afresh for each batch. */
  now?: Date;
  /** Sends one message; the transport by default. */
  send?: (mail: OutgoingMail) => Promise<void>;
}

/** The message as the transport takes it, opened if it was sealed (which fails under another AUTH_SECRET). */
function outgoing(row: MailOutboxRow): OutgoingMail {
  const content = row.sealed ? openMail(row.sealed, row.messageId) : { subject: row.subject, text: row.body, html: row.html };
  return {
    messageId: row.messageId,
    to: row.recipient,
    subject: content.subject,
    text: content.text,
    ...(content.html ? { html: content.html } : {}),
    ...(row.headers ? { headers: row.headers } : {}),
  };
}

/** Not sent, not given up on, not expired. */
const waiting = () => and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), isNull(mailOutbox.expiredAt));

/** Claims up to `limit` due messages of `lane` for this worker (none another worker holds, none expired). */
async function claimLane(db: DbExecutor, now: Date, lane: MailLane, limit: number): Promise<MailOutboxRow[]> {
  if (limit <= 0) return [];
  // The urgent lane newest first: under a flood the one just asked for is the one someone waits
  // for, and an old code loses its worth as it ages (it stops working after 10 minutes).
  const order: SQL[] = lane === "urgent" ? [desc(mailOutbox.seq)] : [asc(mailOutbox.nextAttemptAt), asc(mailOutbox.seq)];
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.lane, lane),
        waiting(),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)),
        or(isNull(mailOutbox.expiresAt), gt(mailOutbox.expiresAt, now)),
      ),
    )
    .orderBy(...order)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ claimedUntil: new Date(now.getTime() + MAIL_OUTBOX.leaseSeconds * 1000), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return lane === "urgent"
    ? claimed.sort((a, b) => b.seq - a.seq)
    : claimed.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.seq - b.seq);
}

/** Claims a batch: the urgent lane's first, keeping a few places for the standard lane. */
async function claimDue(db: DbExecutor, now: Date): Promise<MailOutboxRow[]> {
  const urgent = await claimLane(db, now, "urgent", MAIL_OUTBOX.batch - MAIL_OUTBOX.standardPerBatch);
  const standard = await claimLane(db, now, "standard", MAIL_OUTBOX.batch - urgent.length);
  return [...urgent, ...standard];
}

/** Ends the messages whose secret expired unsent and that no worker holds: never sent, contents removed. */
async function expireDue(db: DbExecutor, now: Date): Promise<{ messageId: string; template: string }[]> {
  return db
    .update(mailOutbox)
    .set({ expiredAt: now, claimedUntil: null, ...REMOVED_CONTENTS })
    .where(and(waiting(), lte(mailOutbox.expiresAt, now), or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now))))
    .returning({ messageId: mailOutbox.messageId, template: mailOutbox.template });
}

/** Why a send failed, as kept on the message (the mail server's words, never our SQL). */
function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = "code" in error && typeof error.code === "string" ? ` (${error.code})` : "";
  return `${error.message}${code}`.slice(0, 500);
}

/** The contents to drop with a status change: a secret-bearing message's, once it will not be sent again. */
const finalContents = (row: MailOutboxRow) => (templateClass(row.template).secret || row.sealed ? REMOVED_CONTENTS : {});

/** Sends what is due now, batch after batch, until nothing due is left unclaimed. */
export async function deliverDueMail(options: DeliverOptions = {}): Promise<DeliveryReport> {
  const db = options.db ?? (await getDb());
  const clock = () => options.now ?? new Date();
  const send = options.send ?? sendMail;
  const report: DeliveryReport = { sent: 0, retrying: 0, givenUp: 0, expired: 0 };
  const expired = await expireDue(db, clock());
  if (expired.length > 0) {
    report.expired += expired.length;
    log.warn(
      { expired },
      `Mail outbox: ${expired.length} message(s) expired unsent, what they carried no longer works: ${expired.map((row) => `${row.messageId} (${row.template})`).join(", ")}`,
    );
  }
  for (;;) {
    // Read afresh for each batch: a message queued while the last batch went out is due in this one.
    const claimed = await claimDue(db, clock());
    if (claimed.length === 0) return report;
    for (const row of claimed) {
      const now = clock();
      const named = { messageId: row.messageId, template: row.template, lane: row.lane, attempts: row.attempts };
      if (row.expiresAt && row.expiresAt <= now) {
        report.expired += 1;
        log.warn(named, `Mail outbox: ${row.messageId} (${row.template}) expired unsent, what it carried no longer works`);
        await db
          .update(mailOutbox)
          .set({ expiredAt: now, claimedUntil: null, ...REMOVED_CONTENTS })
          .where(eq(mailOutbox.id, row.id));
        continue;
      }
      try {
        await send(outgoing(row));
      } catch (error) {
        const reason = failureReason(error);
        const age = now.getTime() - row.createdAt.getTime();
        if (age > MAIL_OUTBOX.giveUpAfterHours * 3_600_000) {
          report.givenUp += 1;
          log.error(
            { ...named, reason },
            `Mail outbox: gave up on ${row.messageId} (${row.template}) after ${row.attempts} tries: ${reason}`,
          );
          await db
            .update(mailOutbox)
            .set({ failedAt: now, claimedUntil: null, lastError: reason, ...finalContents(row) })
            .where(eq(mailOutbox.id, row.id));
        } else {
          report.retrying += 1;
          const retryAt = new Date(now.getTime() + retryDelaySeconds(row.attempts, Math.random, maxRetrySeconds(row.lane)) * 1000);
          log.warn(
            { ...named, retryAt: retryAt.toISOString(), reason },
            `Mail outbox: ${row.messageId} (${row.template}) not sent (try ${row.attempts}), again at ${retryAt.toISOString()}: ${reason}`,
          );
          await db
            .update(mailOutbox)
            .set({ nextAttemptAt: retryAt, claimedUntil: null, lastError: reason })
            .where(eq(mailOutbox.id, row.id));
        }
        continue;
      }
      report.sent += 1;
      await db
        .update(mailOutbox)
        .set({ sentAt: now, claimedUntil: null, lastError: null, ...finalContents(row) })
        .where(eq(mailOutbox.id, row.id));
      // The mail server is back: what waits out a back-off goes now rather than minutes later.
      if (row.attempts > 1) {
        await db
          .update(mailOutbox)
          .set({ nextAttemptAt: now })
          .where(and(waiting(), gt(mailOutbox.nextAttemptAt, now)));
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
    .where(waiting());
  return row?.count ?? 0;
}
