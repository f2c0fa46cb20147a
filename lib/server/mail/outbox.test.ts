// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { Pool } from "pg";
import { createElement } from "react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAIL_OUTBOX } from "@/lib/config/mail";
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { mailOutbox, type MailOutboxRow } from "@/lib/db/schema";
import { inTransaction } from "@/lib/server/transaction";
import { testDatabaseUrl } from "@/test/support/requirements";
import { databaseForSuite, describeEachEngine, describeOnPostgres } from "@/test/support/test-engines";
import { deliverDueMail, mailWorker, MailWorker, queueMail, retryDelaySeconds } from "./outbox";
import { log } from "@/lib/server/log";

const message = (to: string, subject = "Your Lenwell order") => ({ to, subject, content: createElement("p", null, `Hello ${to}`) });

/** A send that records what it was given, and whose mail server is up or down as the test says. */
function recorder() {
  const sent: MailOutboxRow[] = [];
  let up = true;
  return {
    sent,
    setUp: (value: boolean) => {
      up = value;
    },
    send: async (row: MailOutboxRow) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (!up) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ESOCKET" });
      sent.push(row);
    },
  };
}

describe("retryDelaySeconds", () => {
  it("doubles from 15 s to at most 15 minutes, give or take a fifth", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((attempts) => retryDelaySeconds(attempts, middle))).toEqual([15, 30, 60, 120, 240, 480, 900, 900]);
    expect(retryDelaySeconds(1, () => 0)).toBeCloseTo(12);
    expect(retryDelaySeconds(1, () => 1)).toBeCloseTo(18);
  });
});

describe("MailWorker", () => {
  it("runs one drain at a time, and one more for a nudge that came during it", async () => {
    let drains = 0;
    let release: () => void = () => undefined;
    const worker = new MailWorker(async () => {
      drains += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { sent: 0, retrying: 0, givenUp: 0 };
    });
    worker.nudge();
    worker.nudge();
    worker.nudge();
    expect(drains).toBe(1);
    release();
    await vi.waitFor(() => expect(drains).toBe(2));
    release();
    await worker.idle();
    expect(drains).toBe(2);
  });

  it("logs a failed drain and keeps going", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const worker = new MailWorker(() => Promise.reject(new Error("database unreachable")));
    worker.nudge();
    await worker.idle();
    expect(logged).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/the drain failed.*Error: database unreachable/));
  });
});

describeEachEngine("the mail outbox on $name", (engine) => {
  const db = databaseForSuite(engine);
  // The drains are this suite's own, with its own clock: the process's worker stays out of them.
  beforeEach(() => {
    vi.spyOn(mailWorker(), "nudge").mockImplementation(() => undefined);
  });
  const rowsTo = (recipients: string[]) => db().db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients));

  it("holds a message exactly when the change it reports was committed", async () => {
    const kept = `kept-${randomUUID()}@example.com`;
    const dropped = `dropped-${randomUUID()}@example.com`;
    await inTransaction((tx) => queueMail(tx, message(kept)));
    await expect(
      inTransaction(async (tx) => {
        await queueMail(tx, message(dropped));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await rowsTo([kept, dropped])).map((row) => row.recipient)).toEqual([kept]);
  });

  it("keeps a message through a five-minute mail outage and sends it once when the server is back", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const to = `outage-${randomUUID()}@example.com`;
    const start = Date.now();
    await inTransaction((tx) => queueMail(tx, message(to)));
    const [queued] = await rowsTo([to]);
    if (!queued) throw new Error("not queued");
    // The message's own clock: each drain below looks only at it (other tests' messages are past due too).
    const only = (row: MailOutboxRow) => row.recipient === to;
    const mailServer = recorder();
    mailServer.setUp(false);
    const send = async (row: MailOutboxRow) => (only(row) ? mailServer.send(row) : undefined);
    // The worker polls every few seconds through five minutes of outage.
    let tries = 0;
    for (let second = 0; second <= 300; second += 5) {
      const report = await deliverDueMail({ db: db().db, now: new Date(start + second * 1000), send });
      tries += report.retrying;
    }
    const [waiting] = await rowsTo([to]);
    expect(waiting).toMatchObject({ sentAt: null, failedAt: null, lastError: expect.stringContaining("ECONNREFUSED") });
    expect(waiting?.attempts).toBeGreaterThanOrEqual(4);
    expect(tries).toBeGreaterThanOrEqual(4);

    mailServer.setUp(true);
    // Within one back-off of the server's return the message is out, and never again.
    for (let second = 300; second <= 300 + MAIL_OUTBOX.maxRetrySeconds * 1.2 + 5; second += 5) {
      await deliverDueMail({ db: db().db, now: new Date(start + second * 1000), send });
    }
    expect(mailServer.sent.map((row) => row.messageId)).toEqual([queued.messageId]);
    const [done] = await rowsTo([to]);
    expect(done?.sentAt).not.toBeNull();
    expect(done?.lastError).toBeNull();
  });

  it("takes back a message whose worker died mid-send once the lease lapses, and not before", async () => {
    const to = `crash-${randomUUID()}@example.com`;
    await inTransaction((tx) => queueMail(tx, message(to)));
    const start = Date.now() + 1_000;
    // The first worker claims it and never finishes (killed mid-send).
    void deliverDueMail({
      db: db().db,
      now: new Date(start),
      send: (row) => (row.recipient === to ? new Promise(() => undefined) : Promise.resolve()),
    });
    await vi.waitFor(async () => expect((await rowsTo([to]))[0]?.claimedUntil).not.toBeNull());
    const other = recorder();
    const mine = async (row: MailOutboxRow) => (row.recipient === to ? other.send(row) : undefined);
    await deliverDueMail({ db: db().db, now: new Date(start + (MAIL_OUTBOX.leaseSeconds - 1) * 1000), send: mine });
    expect(other.sent).toEqual([]);
    await deliverDueMail({ db: db().db, now: new Date(start + (MAIL_OUTBOX.leaseSeconds + 1) * 1000), send: mine });
    expect(other.sent.map((row) => row.recipient)).toEqual([to]);
    expect((await rowsTo([to]))[0]?.attempts).toBe(2);
  });

  it("gives up after two days of failures, loudly, and stops trying", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const to = `lost-${randomUUID()}@example.com`;
    await inTransaction((tx) => queueMail(tx, message(to, "Your order has shipped")));
    const later = new Date(Date.now() + (MAIL_OUTBOX.giveUpAfterHours + 1) * 3_600_000);
    const down = recorder();
    down.setUp(false);
    await deliverDueMail({ db: db().db, now: later, send: (row) => (row.recipient === to ? down.send(row) : Promise.resolve()) });
    const [row] = await rowsTo([to]);
    expect(row?.failedAt).not.toBeNull();
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ subject: "Your order has shipped" }),
      expect.stringContaining("gave up on <"),
    );
    expect(logged).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('"Your order has shipped"'));
    const after = await deliverDueMail({ db: db().db, now: new Date(later.getTime() + 3_600_000), send: down.send });
    expect(after.givenUp + after.retrying + after.sent).toBeGreaterThanOrEqual(0);
    expect((await rowsTo([to]))[0]?.attempts).toBe(row?.attempts);
  });
});

// Several instances drain one outbox: on a database of this suite's own, so no other test file's
// worker takes part.
describeOnPostgres("the mail outbox with two workers on PostgreSQL", () => {
  let handle: DatabaseHandle | null = null;
  const name = `outbox_${randomUUID().replaceAll("-", "")}`;
  const admin = () => new Pool({ connectionString: testDatabaseUrl ?? "" });

  beforeAll(async () => {
    const pool = admin();
    await pool.query(`create database ${name}`);
    await pool.end();
    const url = new URL(testDatabaseUrl ?? "");
    url.pathname = `/${name}`;
    handle = await openDatabase({ ...readDatabaseSettings({}), engine: "postgres", url: url.href, poolMax: 10, seedDemoData: false });
  });
  afterAll(async () => {
    await handle?.close();
    const pool = admin();
    await pool.query(`drop database if exists ${name} with (force)`);
    await pool.end();
  });

  it("sends each of 60 messages exactly once", async () => {
    if (!handle) throw new Error("no database");
    const { db } = handle;
    const recipients = Array.from({ length: 60 }, (_, index) => `pair-${index}-${randomUUID()}@example.com`);
    await db
      .insert(mailOutbox)
      .values(
        recipients.map((to) => ({ messageId: `<${randomUUID()}@shop.test>`, recipient: to, subject: "Your Lenwell order", body: "Hello" })),
      );
    const mailServer = recorder();
    const now = new Date(Date.now() + 1_000);
    const reports = await Promise.all([1, 2, 3].map(() => deliverDueMail({ db, now, send: mailServer.send })));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(60);
    // Each worker did part of the work, and no message went twice.
    expect(reports.filter((report) => report.sent > 0).length).toBeGreaterThan(1);
    expect(new Set(mailServer.sent.map((row) => row.messageId)).size).toBe(60);
    expect(mailServer.sent).toHaveLength(60);
    const left = await db.select().from(mailOutbox).where(eq(mailOutbox.sentAt, now));
    expect(left).toHaveLength(60);
  });
});
