// @vitest-environment node
import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { MAIL_OUTBOX } from "@/lib/config/mail";
import { mailOutbox } from "@/lib/db/schema";
import { codeInMail } from "@/lib/server/mail/outbox-reader";
import { read } from "@/test/support/answer";
import { closedPort, startTestSmtpServer, type TestSmtpServer } from "@/test/support/test-smtp-server";

// The SMTP server is down: SMTP_URL names a local port nothing listens on, until the test starts a
// server there. The environment is parsed when lib/config/env.ts is first imported, so it is set
// before the dynamic imports below. The outbox is this file's own (PGlite, in this process): a
// worker of another test file on a shared PostgreSQL would send these messages its own way.
const port = await closedPort();
vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${port}`);
const { databaseForSuite, describeOnPglite } = await import("@/test/support/test-engines");
const { log } = await import("@/lib/server/log");
const { deliverDueMail, mailWorker } = await import("@/lib/server/mail/outbox");
const { POST: sendCode } = await import("./send/code/route");
const { POST: register } = await import("./register/route");

let smtp: TestSmtpServer | null = null;
afterAll(() => smtp?.close());

async function post(handler: (request: Request) => Promise<Response>, url: string, body: unknown) {
  return read(
    await handler(
      new Request(`http://shop.test/api/v1/c${url}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    ),
  );
}

describeOnPglite("mail with the SMTP server down", (engine) => {
  const db = databaseForSuite(engine);

  it("send/code answers at once and keeps the code; after a 5-minute outage every message goes out exactly once", async () => {
    const warned = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const emails = Array.from({ length: 5 }, () => `down-${randomUUID()}@example.com`);
    for (const email of emails) {
      // The answer does not wait for the mail server, which refuses every connection.
      expect(await post(sendCode, "/ulogin/send/code", { email, purpose: "register" })).toEqual({
        status: 200,
        body: { code: 200, data: { sent: true, resendAfter: 60 }, errmsg: "" },
      });
    }
    // The worker tried at once (nudged after each commit), failed, and keeps the messages.
    await mailWorker().idle();
    const queued = await db().db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, emails));
    expect(queued).toHaveLength(5);
    for (const row of queued)
      expect(row).toMatchObject({ sentAt: null, failedAt: null, lastError: expect.stringContaining("ECONNREFUSED") });
    expect(warned).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("not sent (try 1)"));

    // Five minutes of outage, the worker polling every few seconds on its back-off.
    const start = Date.now();
    for (let second = 5; second <= 300; second += 5) await deliverDueMail({ now: new Date(start + second * 1000) });
    const during = await db().db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, emails));
    expect(during.every((row) => row.sentAt === null && row.attempts >= 4)).toBe(true);

    // The server comes back where it was; within one back-off everything is out, once.
    smtp = await startTestSmtpServer(port);
    for (let second = 305; second <= 300 + MAIL_OUTBOX.maxRetrySeconds * 1.2 + 5; second += 5) {
      await deliverDueMail({ now: new Date(start + second * 1000) });
    }
    const server = smtp;
    for (const email of emails) expect(server.to(email)).toHaveLength(1);
    const ids = emails.map((email) => server.to(email)[0]?.headers.get("message-id"));
    expect(new Set(ids).size).toBe(5);
    expect(ids.sort()).toEqual(queued.map((row) => row.messageId).sort());
    console.warn(`SMTP outage of 5 minutes: ${emails.length} of ${emails.length} messages delivered, each exactly once`);

    // The code a customer waited for works.
    const [first] = emails;
    const code = codeInMail(server.to(first ?? "")[0]?.raw ?? null);
    expect((await post(register, "/ulogin/register", { email: first, code, password: "lantern by the sea" })).status).toBe(200);
  }, 60_000);
});
