// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { emailCodes } from "@/lib/db/schema";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { read } from "@/test/support/answer";
import { closedPort } from "@/test/support/test-smtp-server";

// The SMTP server is down: SMTP_URL names a local port nothing listens on. The environment is
// parsed when lib/config/env.ts is first imported, so it is set before the dynamic imports below.
vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${await closedPort()}`);
const { databaseForSuite, describeEachEngine } = await import("@/test/support/test-engines");
const { POST: sendCode } = await import("./send/code/route");
const { POST: register } = await import("./register/route");
const { POST: reset } = await import("./reset/route");

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

const unavailable = {
  status: 503,
  body: { code: 503, data: null, errmsg: "We could not send the e-mail right now. Please try again in a few minutes." },
};

describeEachEngine("mail with the SMTP server down on $name", (engine) => {
  const db = databaseForSuite(engine);

  it("send/code answers 503 within seconds, keeps no code, and does not hold the next try back", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const email = `down-${randomUUID()}@example.com`;
    const started = Date.now();
    expect(await post(sendCode, "/ulogin/send/code", { email, purpose: "register" })).toEqual(unavailable);
    // A refused connection fails at once; the bound leaves room for a busy test machine.
    expect(Date.now() - started).toBeLessThan(8_000);
    // The operator learns why from the log; the customer only that it failed.
    expect(logged).toHaveBeenCalledWith("Mail could not be sent:", expect.objectContaining({ originalCode: "ECONNREFUSED" }));
    expect(await db().db.select().from(emailCodes).where(eq(emailCodes.email, email))).toEqual([]);

    // No 60 s delay from the failed try: the next one reaches the mail server again (and fails again).
    expect(await post(sendCode, "/ulogin/send/code", { email, purpose: "register" })).toEqual(unavailable);

    for (const code of ["000000", "123456", "999999"]) {
      const attempt = await post(register, "/ulogin/register", { email, code, password: "lantern by the sea" });
      expect(attempt.status).toBe(400);
      expect(attempt.body.errmsg).toBe("This code is not valid any more. Ask for a new one.");
    }
  });

  it("a reset code that cannot be mailed is not kept either, for an account or an unknown address", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const owner = DEMO_ACCOUNTS[0].email;
    const stranger = `down-${randomUUID()}@example.com`;
    for (const email of [owner, stranger]) {
      await db().db.delete(emailCodes).where(eq(emailCodes.email, email));
      expect(await post(sendCode, "/ulogin/send/code", { email, purpose: "reset" })).toEqual(unavailable);
      expect(await db().db.select().from(emailCodes).where(eq(emailCodes.email, email))).toEqual([]);
      const attempt = await post(reset, "/ulogin/reset", { email, code: "123456", password: "a new long phrase" });
      expect(attempt.status).toBe(400);
      expect(attempt.body.errmsg).toBe("This code is not valid any more. Ask for a new one.");
    }
  });
});
