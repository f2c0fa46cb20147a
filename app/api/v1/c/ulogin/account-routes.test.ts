// @vitest-environment node
import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { CODE_DAILY_CAP, CODE_RESEND_AFTER_S } from "@/lib/config/auth";
import { emailCodes, users } from "@/lib/db/schema";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { codeInMail } from "@/lib/server/mail/outbox-reader";
import { deliveredMailTo } from "@/test/support/mail";
import { dataOf, read } from "@/test/support/answer";
import { POST as sendCode } from "./send/code/route";
import { POST as register } from "./register/route";
import { POST as reset } from "./reset/route";
import { POST as login } from "./login/route";
import { GET as profile } from "../user/profile/route";
import { log } from "@/lib/server/log";

// SMTP_URL is unset in tests, so messages land in the default outbox folder.
const outbox = path.resolve(".data/outbox");

function postJson(url: string, body: unknown) {
  return new Request(`http://shop.test/api/v1/c${url}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function call(handler: (request: Request) => Promise<Response>, url: string, body: unknown) {
  return read(await handler(postJson(url, body)));
}

const newEmail = () => `new-${randomUUID()}@example.com`;

describeEachEngine("registration and reset on $name", (engine) => {
  const db = databaseForSuite(engine);

  it("registers with the e-mailed code: account, session, welcome mail", async () => {
    const email = newEmail();
    expect(await call(sendCode, "/ulogin/send/code", { email, purpose: "register" })).toEqual({
      status: 200,
      body: { code: 200, data: { sent: true, resendAfter: 60 }, errmsg: "" },
    });
    const code = codeInMail(await deliveredMailTo(outbox, email));
    expect(code).toMatch(/^\d{6}$/);
    // Only a hash of the code is stored.
    const [stored] = await db().db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(stored?.codeHash).not.toContain(code ?? "none");

    const result = await call(register, "/ulogin/register", { email, code, password: "river stones 42", username: "Rae" });
    expect(result.status).toBe(200);
    const { token } = result.body.data as { token: string };
    const me = await read<{ user: unknown }>(await profile(new Request("http://shop.test/api/v1/c/user/profile", { headers: { token } })));
    expect(dataOf(me).user).toMatchObject({ email, username: "Rae" });
    await expect.poll(async () => (await deliveredMailTo(outbox, email)) ?? "").toContain("Welcome to Lenwell");
  });

  it("a code works once, only for its address and purpose", async () => {
    const email = newEmail();
    await call(sendCode, "/ulogin/send/code", { email, purpose: "register" });
    const code = codeInMail(await deliveredMailTo(outbox, email));
    const other = newEmail();
    expect((await call(register, "/ulogin/register", { email: other, code, password: "river stones 42" })).status).toBe(400);
    expect((await call(register, "/ulogin/register", { email, code, password: "river stones 42" })).status).toBe(200);
    const again = await call(register, "/ulogin/register", { email, code, password: "river stones 42" });
    expect(again.status).toBe(400);
  });

  it("five wrong codes void the code", async () => {
    const email = newEmail();
    await call(sendCode, "/ulogin/send/code", { email, purpose: "register" });
    const code = codeInMail(await deliveredMailTo(outbox, email)) ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const result = await call(register, "/ulogin/register", { email, code: wrong, password: "river stones 42" });
      expect(result.status).toBe(400);
    }
    const late = await call(register, "/ulogin/register", { email, code, password: "river stones 42" });
    expect(late.body.errmsg).toBe("This code is not valid any more. Ask for a new one.");
  });

  it("an expired code is refused", async () => {
    const email = newEmail();
    await call(sendCode, "/ulogin/send/code", { email, purpose: "register" });
    const code = codeInMail(await deliveredMailTo(outbox, email));
    await db()
      .db.update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.email, email));
    expect((await call(register, "/ulogin/register", { email, code, password: "river stones 42" })).status).toBe(400);
  });

  it("asks to wait 60 s before a new code, in words and in Retry-After", async () => {
    const email = newEmail();
    await call(sendCode, "/ulogin/send/code", { email, purpose: "register" });
    const response = await sendCode(postJson("/ulogin/send/code", { email, purpose: "register" }));
    const second = await read(response);
    expect(second.status).toBe(429);
    expect(second.body.errmsg).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
    const wait = Number(/(\d+) seconds/.exec(second.body.errmsg)?.[1]);
    expect(response.headers.get("retry-after")).toBe(String(wait));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(CODE_RESEND_AFTER_S);
  });

  it("says when the daily cap frees up again in Retry-After", async () => {
    const email = newEmail();
    const hour = 3_600_000;
    // A day's worth of codes, the oldest 20 hours ago: the next can go out in about 4 hours.
    await db()
      .db.insert(emailCodes)
      .values(
        Array.from({ length: CODE_DAILY_CAP }, (_, index) => ({
          email,
          purpose: "register" as const,
          codeHash: randomUUID(),
          createdAt: new Date(Date.now() - (20 - index) * hour),
          expiresAt: new Date(Date.now() - (20 - index) * hour + 600_000),
        })),
      );
    const response = await sendCode(postJson("/ulogin/send/code", { email, purpose: "register" }));
    const capped = await read(response);
    expect(capped).toMatchObject({
      status: 429,
      body: { errmsg: "Too many codes were sent to this address today. Please try again tomorrow." },
    });
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(4 * 3_600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(4 * 3_600);
  });

  it("answers the same for an address that already has an account, and mails its owner instead", async () => {
    const owner = DEMO_ACCOUNTS[0].email;
    await db()
      .db.delete(emailCodes)
      .where(and(eq(emailCodes.email, owner), eq(emailCodes.purpose, "register")));
    const known = await call(sendCode, "/ulogin/send/code", { email: owner, purpose: "register" });
    const unknown = await call(sendCode, "/ulogin/send/code", { email: newEmail(), purpose: "register" });
    expect(known).toEqual(unknown);
    const mail = (await deliveredMailTo(outbox, owner)) ?? "";
    expect(mail).toContain("You already have a Lenwell account");
    expect(codeInMail(mail)).toBeNull();
  });

  it("refuses a weak password without using up the code", async () => {
    const email = newEmail();
    await call(sendCode, "/ulogin/send/code", { email, purpose: "register" });
    const code = codeInMail(await deliveredMailTo(outbox, email));
    const weak = await call(register, "/ulogin/register", { email, code, password: "password123" });
    expect(weak.status).toBe(422);
    expect(weak.body.errmsg).toMatch(/^password: .*too common/);
    expect((await call(register, "/ulogin/register", { email, code, password: "a calm long phrase" })).status).toBe(200);
  });

  it("resets a password with a code: old password and every session end", async () => {
    const email = newEmail();
    await call(sendCode, "/ulogin/send/code", { email, purpose: "register" });
    const signup = await call(register, "/ulogin/register", {
      email,
      code: codeInMail(await deliveredMailTo(outbox, email)),
      password: "first phrase here",
    });
    const { token } = signup.body.data as { token: string };
    // The welcome mail goes out in the background; let it arrive before the reset mail.
    await expect.poll(async () => (await deliveredMailTo(outbox, email)) ?? "").toContain("Welcome to Lenwell");

    await call(sendCode, "/ulogin/send/code", { email, purpose: "reset" });
    const code = codeInMail(await deliveredMailTo(outbox, email));
    expect(code).toMatch(/^\d{6}$/);
    expect(await call(reset, "/ulogin/reset", { email, code, password: "second phrase here" })).toEqual({
      status: 200,
      body: { code: 200, data: { reset: true }, errmsg: "" },
    });
    expect((await profile(new Request("http://shop.test/x", { headers: { token } }))).status).toBe(401);
    expect((await call(login, "/ulogin/login", { email, password: "first phrase here" })).status).toBe(401);
    expect((await call(login, "/ulogin/login", { email, password: "second phrase here" })).status).toBe(200);
  });

  it("a reset for an unknown address answers like a known one, mails no code and logs none", async () => {
    const logged = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const email = newEmail();
    expect(await call(sendCode, "/ulogin/send/code", { email, purpose: "reset" })).toEqual({
      status: 200,
      body: { code: 200, data: { sent: true, resendAfter: 60 }, errmsg: "" },
    });
    const mail = await deliveredMailTo(outbox, email);
    expect(mail).toContain("it has no Lenwell account");
    expect(codeInMail(mail)).toBeNull();
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ purpose: "reset", email }),
      `[mail outbox] reset asked for ${email}: no usable code, sent no-account-reset`,
    );
    // That line is all: no code is printed for it.
    expect(logged).toHaveBeenCalledTimes(1);
    expect(await db().db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("without SMTP, the server log shows a usable code exactly as the e-mail has it", async () => {
    const logged = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const email = newEmail();
    await call(sendCode, "/ulogin/send/code", { email, purpose: "register" });
    const code = codeInMail(await deliveredMailTo(outbox, email));
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ purpose: "register", email }),
      `[mail outbox] register code for ${email}: ${code}`,
    );
  });
});
