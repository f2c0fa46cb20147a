// @vitest-environment node
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { Pool } from "pg";
import { createElement } from "react";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAIL_OUTBOX } from "@/lib/config/mail";
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { mailOutbox } from "@/lib/db/schema";
import { inTransaction } from "@/lib/server/transaction";
import { testDatabaseUrl } from "@/test/support/requirements";
import { databaseForSuite, describeEachEngine, describeOnPostgres } from "@/test/support/test-engines";
import { deliverDueMail, mailWorker, MailWorker, queueMail, retryDelaySeconds } from "./outbox";
import type { MailDraft } from "./render";
import { resetCodeMail, signInLinkMail, verificationCodeMail } from "./templates/account";
import type { OutgoingMail } from "./transport";
import { log } from "@/lib/server/log";

const message = (to: string, subject = "Your Lenwell order"): MailDraft => ({
  template: "order-shipped",
  to,
  subject,
  content: createElement("p", null, `Hello ${to}`),
});
const urgentMessage = (to: string): MailDraft => ({ ...message(to, "You already have a Lenwell account"), template: "already-registered" });

/** A send that records what it was given, and whose mail server is up or down as the test says. */
function recorder() {
  const sent: OutgoingMail[] = [];
  let up = true;
  return {
    sent,
    setUp: (value: boolean) => {
      up = value;
    },
    send: async (mail: OutgoingMail) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (!up) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ESOCKET" });
      sent.push(mail);
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

  it("stops doubling at a minute in the urgent lane, whose codes work for ten", () => {
    const urgent = (attempts: number) => retryDelaySeconds(attempts, () => 0.5, MAIL_OUTBOX.urgentMaxRetrySeconds);
    expect([1, 2, 3, 4, 10].map(urgent)).toEqual([15, 30, 60, 60, 60]);
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
      return { sent: 0, retrying: 0, givenUp: 0, expired: 0 };
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
  const rowsTo = (recipients: string[]) =>
    db().db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients)).orderBy(asc(mailOutbox.seq));
  const pendingMailCountOf = async (recipients: string[]) =>
    (await rowsTo(recipients)).filter((row) => !row.sentAt && !row.failedAt && !row.expiredAt).length;

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
    const only = (mail: OutgoingMail) => mail.to === to;
    const mailServer = recorder();
    mailServer.setUp(false);
    const send = async (mail: OutgoingMail) => (only(mail) ? mailServer.send(mail) : undefined);
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
      send: (mail) => (mail.to === to ? new Promise(() => undefined) : Promise.resolve()),
    });
    await vi.waitFor(async () => expect((await rowsTo([to]))[0]?.claimedUntil).not.toBeNull());
    const other = recorder();
    const mine = async (mail: OutgoingMail) => (mail.to === to ? other.send(mail) : undefined);
    await deliverDueMail({ db: db().db, now: new Date(start + (MAIL_OUTBOX.leaseSeconds - 1) * 1000), send: mine });
    expect(other.sent).toEqual([]);
    await deliverDueMail({ db: db().db, now: new Date(start + (MAIL_OUTBOX.leaseSeconds + 1) * 1000), send: mine });
    expect(other.sent.map((mail) => mail.to)).toEqual([to]);
    expect((await rowsTo([to]))[0]?.attempts).toBe(2);
  });

  it("gives up after two days of failures, loudly, naming the message by its id and template, and stops trying", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const to = `lost-${randomUUID()}@example.com`;
    await inTransaction((tx) => queueMail(tx, message(to, "Your order has shipped")));
    const later = new Date(Date.now() + (MAIL_OUTBOX.giveUpAfterHours + 1) * 3_600_000);
    const down = recorder();
    down.setUp(false);
    await deliverDueMail({ db: db().db, now: later, send: (mail) => (mail.to === to ? down.send(mail) : Promise.resolve()) });
    const [row] = await rowsTo([to]);
    expect(row?.failedAt).not.toBeNull();
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ messageId: row?.messageId, template: "order-shipped" }),
      expect.stringContaining(`gave up on ${row?.messageId} (order-shipped)`),
    );
    // The subject is the message's, not the log's (a code's subject is the code).
    expect(JSON.stringify(logged.mock.calls)).not.toContain("Your order has shipped");
    const after = await deliverDueMail({ db: db().db, now: new Date(later.getTime() + 3_600_000), send: down.send });
    expect(after.givenUp + after.retrying + after.sent).toBeGreaterThanOrEqual(0);
    expect((await rowsTo([to]))[0]?.attempts).toBe(row?.attempts);
  });
  it("sends the urgent lane first, newest first, then the standard lane oldest first", async () => {
    const tag = randomUUID().slice(0, 8);
    const standard = [0, 1, 2].map((index) => `standard-${index}-${tag}@example.com`);
    const urgent = [0, 1, 2].map((index) => `urgent-${index}-${tag}@example.com`);
    for (const to of standard) await inTransaction((tx) => queueMail(tx, message(to)));
    for (const to of urgent) await inTransaction((tx) => queueMail(tx, urgentMessage(to)));
    const mailServer = recorder();
    const mine = new Set([...standard, ...urgent]);
    await deliverDueMail({
      db: db().db,
      now: new Date(Date.now() + 1_000),
      send: (mail) => (mine.has(mail.to) ? mailServer.send(mail) : Promise.resolve()),
    });
    expect(mailServer.sent.map((mail) => mail.to)).toEqual([...[...urgent].reverse(), ...standard]);
    expect((await rowsTo(urgent)).every((row) => row.lane === "urgent" && row.template === "already-registered")).toBe(true);
    expect((await rowsTo(standard)).every((row) => row.lane === "standard" && row.template === "order-shipped")).toBe(true);
  });

  it("keeps a place in each batch for the standard lane while the urgent one is full", async () => {
    const tag = randomUUID().slice(0, 8);
    const order = `order-${tag}@example.com`;
    await inTransaction((tx) => queueMail(tx, message(order)));
    const codes = Array.from({ length: MAIL_OUTBOX.batch * 3 }, (_, index) => `flood-${index}-${tag}@example.com`);
    await inTransaction(async (tx) => {
      for (const to of codes) await queueMail(tx, urgentMessage(to));
    });
    const mailServer = recorder();
    const mine = new Set([order, ...codes]);
    await deliverDueMail({
      db: db().db,
      now: new Date(Date.now() + 1_000),
      send: (mail) => (mine.has(mail.to) ? mailServer.send(mail) : Promise.resolve()),
    });
    const place = mailServer.sent.findIndex((mail) => mail.to === order);
    // In the first batch, after the urgent messages it took, not behind the whole flood.
    expect(place).toBe(MAIL_OUTBOX.batch - MAIL_OUTBOX.standardPerBatch);
    expect(mailServer.sent).toHaveLength(codes.length + 1);
  });

  it("keeps a code sealed while it waits, sends it readable, then keeps only who, what template and when", async () => {
    const to = `sealed-${randomUUID()}@example.com`;
    const code = "731946";
    const link = "https://shop.example/account/register?link=secret-link-token-731946";
    await inTransaction((tx) => queueMail(tx, verificationCodeMail(to, code, link)));
    const [waiting] = await rowsTo([to]);
    expect(waiting).toMatchObject({ template: "verification-code", lane: "urgent", subject: "", body: "", html: null });
    expect(waiting?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(JSON.stringify(waiting)).not.toContain(code);
    expect(JSON.stringify(waiting)).not.toContain("secret-link-token");

    const mailServer = recorder();
    await deliverDueMail({
      db: db().db,
      now: new Date(Date.now() + 1_000),
      send: (mail) => (mail.to === to ? mailServer.send(mail) : Promise.resolve()),
    });
    const [sent] = mailServer.sent;
    expect(sent?.subject).toBe(`${code} is your Lenwell verification code`);
    expect(sent?.text).toContain(code);
    expect(sent?.html).toContain(link.replace(/&/g, "&amp;"));

    const [done] = await rowsTo([to]);
    expect(done).toMatchObject({
      recipient: to,
      template: "verification-code",
      subject: "",
      body: "",
      html: null,
      sealed: null,
      expiredAt: null,
    });
    expect(done?.sentAt).not.toBeNull();
    expect(JSON.stringify(done)).not.toContain(code);
  });

  it("does not send a code or a sign-in link whose time ran out while the mail server was down; it keeps no contents", async () => {
    const warned = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const tag = randomUUID().slice(0, 8);
    const coded = `expired-code-${tag}@example.com`;
    const linked = `expired-link-${tag}@example.com`;
    await inTransaction(async (tx) => {
      await queueMail(tx, resetCodeMail(coded, "502817", "https://shop.example/account/reset?link=reset-token-502817"));
      await queueMail(tx, signInLinkMail(linked, "https://shop.example/account/login?link=sign-in-token-502817", 30));
    });
    const down = recorder();
    down.setUp(false);
    const mine = (mail: OutgoingMail) => mail.to === coded || mail.to === linked;
    const start = Date.now();
    for (let second = 1; second <= 31 * 60; second += 30) {
      await deliverDueMail({
        db: db().db,
        now: new Date(start + second * 1000),
        send: (mail) => (mine(mail) ? down.send(mail) : Promise.resolve()),
      });
    }
    const up = recorder();
    await deliverDueMail({
      db: db().db,
      now: new Date(start + 32 * 60_000),
      send: (mail) => (mine(mail) ? up.send(mail) : Promise.resolve()),
    });
    expect(up.sent).toEqual([]);
    const rows = await rowsTo([coded, linked]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ subject: "", body: "", html: null, sealed: null, sentAt: null, failedAt: null });
      expect(row.expiredAt).not.toBeNull();
      expect(row.lastError).toContain("ECONNREFUSED");
    }
    // The code expired after its 10 minutes, the link after its 30, while they were being retried.
    const byTo = new Map(rows.map((row) => [row.recipient, row]));
    expect(byTo.get(coded)?.attempts).toBeGreaterThanOrEqual(5);
    const logged = JSON.stringify(warned.mock.calls);
    expect(logged).toContain("(reset-code) not sent");
    expect(logged).toContain("expired unsent");
    for (const secret of ["502817", "reset-token", "sign-in-token"]) expect(logged).not.toContain(secret);
    expect(await pendingMailCountOf([coded, linked])).toBe(0);
  });

  it("retries a sealed message it cannot open (another AUTH_SECRET, or altered) and says why without its contents", async () => {
    const warned = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const to = `unopenable-${randomUUID()}@example.com`;
    const other = `other-${randomUUID()}@example.com`;
    await inTransaction(async (tx) => {
      await queueMail(tx, verificationCodeMail(to, "448812", "https://shop.example/account/register?link=x"));
      await queueMail(tx, verificationCodeMail(other, "448813", "https://shop.example/account/register?link=y"));
    });
    // A box sealed for another message does not open under this one's Message-ID.
    const [mine, theirs] = [(await rowsTo([to]))[0], (await rowsTo([other]))[0]];
    await db().db.update(mailOutbox).set({ sealed: theirs?.sealed }).where(eq(mailOutbox.recipient, to));
    const mailServer = recorder();
    await deliverDueMail({
      db: db().db,
      now: new Date(Date.now() + 1_000),
      send: (mail) => (mail.to === to ? mailServer.send(mail) : Promise.resolve()),
    });
    expect(mailServer.sent).toEqual([]);
    const [row] = await rowsTo([to]);
    expect(row).toMatchObject({ sentAt: null, lastError: expect.stringContaining("cannot be opened") });
    expect(warned).toHaveBeenCalledWith(
      expect.objectContaining({ messageId: mine?.messageId, template: "verification-code" }),
      expect.stringContaining("not sent (try 1)"),
    );
    expect(JSON.stringify(warned.mock.calls)).not.toContain("44881");
  });

  it("refuses a secret-bearing draft without an end, and an ordinary one with one", async () => {
    const endless: MailDraft = { ...verificationCodeMail(`refused-${randomUUID()}@example.com`, "111111", "https://shop.example/x") };
    delete endless.expiresAt;
    await expect(inTransaction((tx) => queueMail(tx, endless))).rejects.toThrow("needs expiresAt");
    await expect(inTransaction((tx) => queueMail(tx, { ...message("x@example.com"), expiresAt: new Date() }))).rejects.toThrow(
      "only a message carrying a secret expires",
    );
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
    await db.insert(mailOutbox).values(
      recipients.map((to) => ({
        messageId: `<${randomUUID()}@shop.test>`,
        recipient: to,
        template: "order-shipped",
        subject: "Your Lenwell order",
        body: "Hello",
      })),
    );
    const mailServer = recorder();
    const now = new Date(Date.now() + 1_000);
    const reports = await Promise.all([1, 2, 3].map(() => deliverDueMail({ db, now, send: mailServer.send })));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(60);
    // Each worker did part of the work, and no message went twice.
    expect(reports.filter((report) => report.sent > 0).length).toBeGreaterThan(1);
    expect(new Set(mailServer.sent.map((mail) => mail.messageId)).size).toBe(60);
    expect(mailServer.sent).toHaveLength(60);
    const left = await db.select().from(mailOutbox).where(eq(mailOutbox.sentAt, now));
    expect(left).toHaveLength(60);
  });
});
