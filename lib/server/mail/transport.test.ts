// @vitest-environment node
import { afterAll, expect, it, vi } from "vitest";
import { startSilentSmtpServer } from "@/test/support/test-smtp-server";
import { SMTP_TIMEOUTS_MS } from "@/lib/config/mail";

// A mail server that accepts the connection and never says hello: without our timeouts nodemailer
// would wait for it for minutes, holding the outbox worker.
const silent = await startSilentSmtpServer();
vi.stubEnv("SMTP_URL", silent.url);
const { sendMail } = await import("./transport");

afterAll(() => silent.close());

it(
  "gives up on a server that never greets after the greeting timeout, so the outbox worker can try again later",
  async () => {
    const started = Date.now();
    await expect(
      sendMail({ messageId: "<hello@shop.test>", to: "someone@example.com", subject: "Hello", text: "Hello" }),
    ).rejects.toMatchObject({ code: "ETIMEDOUT" });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(SMTP_TIMEOUTS_MS.greetingTimeout - 500);
    expect(waited).toBeLessThan(SMTP_TIMEOUTS_MS.greetingTimeout + 5_000);
  },
  SMTP_TIMEOUTS_MS.greetingTimeout + 10_000,
);
