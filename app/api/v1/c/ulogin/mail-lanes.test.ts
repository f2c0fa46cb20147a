// @vitest-environment node
import { randomUUID } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { vi } from "vitest";
import { read } from "@/test/support/answer";
import { startTestSmtpServer, type CaughtMail } from "@/test/support/test-smtp-server";

// A flood of mail in the outbox must not hold back the code a customer is waiting for: codes and
// password resets go in the urgent lane, ahead of everything else, and within it the newest goes
// first. Each test fills the outbox with 300 messages, lets the process's real worker drain them to
// a real SMTP server, and asks for a code the way a customer does while the flood is going out.
// SMTP_URL is read when lib/config/env.ts is first imported, hence the dynamic imports.
const smtp = await startTestSmtpServer();
vi.stubEnv("SMTP_URL", smtp.url);
const { databaseForSuite, describeEachEngine, describeOnPostgres } = await import("@/test/support/test-engines");
const { queueMail, deliverDueMail } = await import("@/lib/server/mail/outbox");
const { inTransaction } = await import("@/lib/server/transaction");
const { orderShippedMail } = await import("@/lib/server/mail/templates/orders");
const { verificationCodeMail } = await import("@/lib/server/mail/templates/account");
const { openDatabase } = await import("@/lib/db/client");
const { readDatabaseSettings } = await import("@/lib/config/database");
const { testDatabaseUrl } = await import("@/test/support/requirements");
const { POST: sendCode } = await import("./send/code/route");

afterAll(() => smtp.close());

const FLOOD = 300;
/** "A few seconds": the newcomer's code, from asking to the mail server, however long the flood takes. */
const WITHIN_MS = 5_000;

async function askCode(email: string) {
  const request = new Request("http://shop.test/api/v1/c/ulogin/send/code", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, purpose: "register" }),
  });
  return read(await sendCode(request));
}

const arrivedFrom = (recipients: Set<string>) => smtp.messages.filter((mail) => mail.rcptTo.some((to) => recipients.has(to)));

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface FloodFigures {
  /** Milliseconds from asking for the code to the SMTP server's having it. */
  codeMs: number;
  /** Flood messages the SMTP server got before the newcomer's code. */
  floodBefore: number;
}

/**
 * Queues `FLOOD` messages made by `make`, waits until the worker is well into them, asks a code for
 * a newcomer and measures when it arrives; then waits for the whole flood and checks each message
 * of it and the code went out exactly once.
 */
async function codeDuringFlood(label: string, make: (to: string, index: number) => Parameters<typeof queueMail>[1]): Promise<FloodFigures> {
  const tag = randomUUID().slice(0, 8);
  const flood = Array.from({ length: FLOOD }, (_, index) => `${label}-${tag}-${index}@example.com`);
  const floodSet = new Set(flood);
  await inTransaction(async (tx) => {
    for (const [index, to] of flood.entries()) await queueMail(tx, make(to, index));
  });
  // The worker (nudged by that commit) is sending the flood.
  await waitFor(() => arrivedFrom(floodSet).length >= 10, 60_000, "the flood to start going out");
  const newcomer = `newcomer-${tag}@example.com`;
  const asked = Date.now();
  expect((await askCode(newcomer)).status).toBe(200);
  await waitFor(() => smtp.to(newcomer).length > 0, 120_000, "the newcomer's code");
  const codeMs = Date.now() - asked;
  const codeMail = smtp.to(newcomer)[0] as CaughtMail;
  const floodBefore = smtp.messages
    .slice(0, smtp.messages.indexOf(codeMail))
    .filter((mail) => mail.rcptTo.some((to) => floodSet.has(to))).length;

  await waitFor(() => arrivedFrom(floodSet).length >= FLOOD, 180_000, "the rest of the flood");
  // Exactly once: one message per address, each with its own Message-ID, and the code once.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const floodMails = arrivedFrom(floodSet);
  expect(floodMails).toHaveLength(FLOOD);
  expect(new Set(floodMails.flatMap((mail) => mail.rcptTo))).toEqual(floodSet);
  expect(new Set(floodMails.map((mail) => mail.headers.get("message-id"))).size).toBe(FLOOD);
  expect(smtp.to(newcomer)).toHaveLength(1);
  console.warn(`${label}: a newcomer's code reached the mail server ${codeMs} ms after it was asked, behind ${floodBefore} of ${FLOOD}`);
  return { codeMs, floodBefore };
}

describeEachEngine("mail lanes on $name", (engine) => {
  databaseForSuite(engine);

  it(`a code asked while ${FLOOD} order e-mails go out arrives within a few seconds, ahead of them`, async () => {
    const figures = await codeDuringFlood("orders", (to, index) => orderShippedMail(to, randomUUID(), "UPS", `1Z${index}`));
    expect(figures.codeMs).toBeLessThan(WITHIN_MS);
    // Behind at most the batch being sent when it was asked, and the few that had gone before.
    expect(figures.floodBefore).toBeLessThan(FLOOD / 4);
  }, 300_000);

  it(`a code asked while ${FLOOD} other codes go out arrives within a few seconds, ahead of them`, async () => {
    const figures = await codeDuringFlood("codes", (to, index) =>
      verificationCodeMail(to, String(100_000 + index), `https://shop.example/account/register?link=flood-${index}`),
    );
    expect(figures.codeMs).toBeLessThan(WITHIN_MS);
    expect(figures.floodBefore).toBeLessThan(FLOOD / 4);
  }, 300_000);
});

// Two instances drain one outbox: the process's worker is instance A; instance B is a second pool
// on the same database draining as its own worker would, every 50 ms.
describeOnPostgres("mail lanes with two instances on PostgreSQL", (engine) => {
  databaseForSuite(engine);

  it(`a code asked during a flood of ${FLOOD} goes ahead of it, and every message goes out once`, async () => {
    const other = await openDatabase({
      ...readDatabaseSettings({}),
      engine: "postgres",
      url: testDatabaseUrl ?? "",
      poolMax: 5,
      seedDemoData: false,
    });
    let running = true;
    let sentByB = 0;
    const instanceB = (async () => {
      while (running) {
        sentByB += (await deliverDueMail({ db: other.db })).sent;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      const figures = await codeDuringFlood("pair", (to, index) => orderShippedMail(to, randomUUID(), "UPS", `1Z${index}`));
      expect(figures.codeMs).toBeLessThan(WITHIN_MS);
      expect(figures.floodBefore).toBeLessThan(FLOOD / 4);
      expect(sentByB).toBeGreaterThan(0);
    } finally {
      running = false;
      await instanceB;
      await other.close();
    }
  }, 300_000);
});
