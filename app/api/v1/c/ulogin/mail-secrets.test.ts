// @vitest-environment node
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { createLogger } from "@/lib/log/logger";
import { read } from "@/test/support/answer";
import { closedPort, startTestSmtpServer, type TestSmtpServer } from "@/test/support/test-smtp-server";

// No code or link token in any log line, nor in the outbox table, while the mail server is down
// and the worker keeps trying, nor after the messages went out or expired. The process's log is
// read as written: the logger every module shares (lib/log/logger.ts keeps one per process) is made
// here first, at the most verbose level, writing into `logLines`. SMTP_URL names a port nothing
// listens on until the test starts a server there; both are set before the dynamic imports.
const logLines: string[] = [];
(globalThis as typeof globalThis & { __lenwellLog?: ReturnType<typeof createLogger> }).__lenwellLog = createLogger({
  level: "trace",
  destination: new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  }),
});
const port = await closedPort();
vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
vi.stubEnv("SITE_URL", "https://shop.example");
const { databaseForSuite, describeEachEngine } = await import("@/test/support/test-engines");
const { makeCustomer, rowsOf } = await import("@/test/support/shop");
const { deliverDueMail, mailWorker } = await import("@/lib/server/mail/outbox");
const { openMail } = await import("@/lib/server/mail/sealed");
const { offerSignInLink } = await import("@/lib/server/auth/step-up");
const { mailOutbox } = await import("@/lib/db/schema");
const { codeInMail, linkInMail } = await import("@/lib/server/mail/outbox-reader");
const { POST: sendCode } = await import("./send/code/route");

let smtp: TestSmtpServer | null = null;
afterAll(() => smtp?.close());

async function askCode(email: string, purpose: "register" | "reset") {
  const request = new Request("http://shop.test/api/v1/c/ulogin/send/code", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, purpose }),
  });
  return read(await sendCode(request));
}

/** The codes and link tokens in a message: six-digit codes, and whatever follows `?link=`. */
function secretsIn(text: string): string[] {
  const codes = [...text.matchAll(/code is:? (\d{6})/g)].map((match) => match[1] ?? "");
  const tokens = [...text.matchAll(/[?&]link=([\w.-]+)/g)].map((match) => match[1] ?? "");
  return [...codes, ...tokens].filter((secret) => secret.length >= 6);
}

describeEachEngine("secrets in mail on $name", (engine) => {
  const db = databaseForSuite(engine);
  /** The whole outbox table as text, every column of every row, as a dump or a replica would hold it. */
  const tableText = async () => JSON.stringify(rowsOf(await db().db.execute(sql`select row_to_json(m)::text as row from mail_outbox m`)));

  it("are never in a log line or at rest: sealed while the mail server is down, gone once sent or expired", async () => {
    const tag = randomUUID().slice(0, 8);
    const newcomer = `secret-new-${tag}@example.com`;
    const late = `secret-late-${tag}@example.com`;
    const owner = await makeCustomer(db());
    expect((await askCode(newcomer, "register")).status).toBe(200);
    expect((await askCode(owner.email, "reset")).status).toBe(200);
    expect((await askCode(late, "register")).status).toBe(200);
    await offerSignInLink(owner.email);
    // The worker tried each at once (nudged after each commit) and failed.
    await mailWorker().idle();

    // What the messages carry, read the only way the outbox allows: opening the sealed boxes.
    const rows = await db()
      .db.select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.recipient} in (${newcomer}, ${owner.email}, ${late})`);
    expect(rows.map((row) => row.template).sort()).toEqual(["reset-code", "sign-in-link", "verification-code", "verification-code"]);
    const secrets = [
      ...new Set(
        rows.flatMap((row) => {
          const opened = openMail(row.sealed ?? "", row.messageId);
          return secretsIn(`${opened.subject}\n${opened.text}\n${opened.html ?? ""}`);
        }),
      ),
    ];
    // Two codes for registration, one for the reset, and their three links and the sign-in link.
    expect(secrets.filter((secret) => /^\d{6}$/.test(secret))).toHaveLength(3);
    expect(secrets).toHaveLength(7);
    const leaks = (text: string) => secrets.filter((secret) => text.includes(secret));

    // Two minutes of outage; the worker polls, every try fails and is logged. The messages to
    // `late` wait past the code's 10 minutes: their contents go, they are never sent.
    const start = Date.now();
    const lateRow = rows.find((row) => row.recipient === late);
    for (let second = 5; second <= 120; second += 5) await deliverDueMail({ now: new Date(start + second * 1000) });
    const duringOutage = await tableText();
    expect(duringOutage).toContain(newcomer);
    expect(leaks(duringOutage)).toEqual([]);
    const failures = logLines.filter((line) => line.includes("not sent (try"));
    expect(failures.length).toBeGreaterThanOrEqual(8);
    expect(failures.every((line) => /"template":"[a-z-]+"/.test(line) && line.includes('"messageId":"<'))).toBe(true);
    expect(leaks(logLines.join("\n"))).toEqual([]);

    // The mail server is back; all but the late one go out, and keep no contents.
    smtp = await startTestSmtpServer(port);
    await db()
      .db.update(mailOutbox)
      .set({ expiresAt: new Date(start) })
      .where(sql`${mailOutbox.id} = ${lateRow?.id ?? ""}`);
    for (let second = 125; second <= 300; second += 5) await deliverDueMail({ now: new Date(start + second * 1000) });
    const server = smtp;
    expect(server.to(newcomer)).toHaveLength(1);
    expect(server.to(owner.email)).toHaveLength(2);
    expect(server.to(late)).toHaveLength(0);
    // The codes and links that went out are the ones that were sealed.
    for (const mail of [...server.to(newcomer), ...server.to(owner.email)]) {
      const code = codeInMail(mail.raw);
      const link = linkInMail(mail.raw);
      if (code) expect(secrets).toContain(code);
      if (link) expect(secrets).toContain(new URL(link).searchParams.get("link"));
    }
    const after = await db()
      .db.select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.recipient} in (${newcomer}, ${owner.email}, ${late})`);
    for (const row of after) {
      expect(row).toMatchObject({ subject: "", body: "", html: null, sealed: null });
      expect(Boolean(row.sentAt) !== Boolean(row.expiredAt)).toBe(true);
    }
    expect(after.find((row) => row.recipient === late)?.expiredAt).not.toBeNull();
    expect(leaks(await tableText())).toEqual([]);
    expect(leaks(logLines.join("\n"))).toEqual([]);
    expect(logLines.some((line) => line.includes("expired unsent") && line.includes(lateRow?.messageId ?? "none"))).toBe(true);
    // Down again for the next engine's suite.
    await server.close();
    smtp = null;
  }, 60_000);
});
