// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { startSilentSmtpServer } from "@/test/support/test-smtp-server";
import { mailOutbox } from "@/lib/db/schema";
import { dataOf, read } from "@/test/support/answer";

// A mail server that accepts connections and never greets: a customer's cancel must not wait for
// it (the review saw a cancel take 10 s). The environment is parsed when lib/config/env.ts is first
// imported, so SMTP_URL is set before the dynamic imports. PGlite, in this process: the outbox is
// this file's own.
const silent = await startSilentSmtpServer();
vi.stubEnv("SMTP_URL", silent.url);
const { databaseForSuite, describeOnPglite } = await import("@/test/support/test-engines");
const { log } = await import("@/lib/server/log");
const { apiRequest, HOUSTON, makeCustomer } = await import("@/test/support/shop");
const { paidOrder } = await import("@/test/support/after-sale");
const { mailWorker } = await import("@/lib/server/mail/outbox");
const { POST: cancel } = await import("./cancel/route");

afterAll(() => silent.close());

describeOnPglite("a mail server that hangs", (engine) => {
  const db = databaseForSuite(engine);

  it("never holds a customer's answer: the cancel answers while its e-mail is still being tried, which then times out and waits for a retry", async () => {
    const warned = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const who = await makeCustomer(db(), { address: HOUSTON });
    const { orderId } = await paidOrder(db(), who);
    const answer = await read<{ status: string }>(
      await cancel(apiRequest("POST", "/api/v1/c/merchandise/order/cancel", { orderId, reason: "Changed my mind" }, { token: who.token })),
    );
    expect(dataOf(answer).status).toBe("cancelled");
    // The answer is here; the cancellation e-mail is queued, unsent, its try still hanging.
    const mail = async () =>
      (await db().db.select().from(mailOutbox).where(eq(mailOutbox.recipient, who.email))).find((row) => /cancel/i.test(row.subject));
    expect(await mail()).toMatchObject({ sentAt: null, failedAt: null });
    // The worker gives the server up after the greeting timeout and keeps the message for later.
    await mailWorker().idle();
    expect(await mail()).toMatchObject({ sentAt: null, failedAt: null, lastError: expect.stringContaining("ETIMEDOUT") });
    expect(warned).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/cancel.*not sent \(try 1\)/i));
  }, 30_000);
});
