// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { emailCodes } from "@/lib/db/schema";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { codeInMail, linkInMail } from "@/lib/server/mail/outbox-reader";
import { read, type Answer } from "@/test/support/answer";
import { startTestSmtpServer, type CaughtMail } from "@/test/support/test-smtp-server";

// Mail over a real SMTP server. The environment is parsed once, when lib/config/env.ts is first
// imported, so SMTP_URL is pointed at this file's server before anything imports it; the route
// handlers and the database helpers therefore come in through dynamic imports.
const smtp = await startTestSmtpServer();
vi.stubEnv("SMTP_URL", smtp.url);
vi.stubEnv("SITE_URL", "https://shop.example");
const { databaseForSuite, describeOnPglite } = await import("@/test/support/test-engines");
const { POST: sendCode } = await import("./send/code/route");
const { POST: register } = await import("./register/route");
const { POST: reset } = await import("./reset/route");
const { POST: login } = await import("./login/route");
const { GET: parseLink } = await import("./email/parse/route");

afterAll(() => smtp.close());

async function post(handler: (request: Request) => Promise<Response>, url: string, body: unknown): Promise<Answer> {
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

const newEmail = () => `smtp-${randomUUID()}@example.com`;

/** Waits until `count` messages went to `to` over SMTP, and returns them. */
async function mailsTo(to: string, count = 1): Promise<CaughtMail[]> {
  await expect.poll(() => smtp.to(to).length).toBeGreaterThanOrEqual(count);
  return smtp.to(to);
}

async function tokenOf(link: string | null) {
  const token = new URL(link ?? "https://none.example").searchParams.get("link") ?? "";
  const response = await parseLink(new Request(`http://shop.test/api/v1/c/ulogin/email/parse?token=${encodeURIComponent(token)}`));
  return (await read(response)).body;
}

async function registered(email: string, password: string) {
  await post(sendCode, "/ulogin/send/code", { email, purpose: "register" });
  const [mail] = await mailsTo(email);
  const signup = await post(register, "/ulogin/register", { email, code: codeInMail(mail?.raw ?? null), password });
  expect(signup.status).toBe(200);
  // The welcome mail goes out in the background; let it arrive before what the test sends next.
  await mailsTo(email, 2);
}

// PGlite, in this process: on a shared PostgreSQL, a worker of another test file could send these
// messages its own way instead of to this file's server.
describeOnPglite("mail over SMTP", (engine) => {
  const db = databaseForSuite(engine);

  it("sends the verification code to the address, with a link to the registration page, then the welcome mail", async () => {
    const email = newEmail();
    expect(await post(sendCode, "/ulogin/send/code", { email, purpose: "register" })).toEqual({
      status: 200,
      body: { code: 200, data: { sent: true, resendAfter: 60 }, errmsg: "" },
    });
    const [mail] = await mailsTo(email);
    expect(mail?.rcptTo).toEqual([email]);
    expect(mail?.headers.get("to")).toBe(email);
    expect(mail?.headers.get("from")).toContain("no-reply@lenwell.example");
    const code = codeInMail(mail?.raw ?? null);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toBe(`${code} is your Lenwell verification code`);
    expect(mail?.text).toContain(`Your Lenwell verification code is: ${code}`);
    expect(mail?.text).toContain("within 10 minutes");
    const link = linkInMail(mail?.raw ?? null);
    expect(link).toMatch(/^https:\/\/shop\.example\/account\/register\?link=[\w.-]+$/);
    expect(await tokenOf(link)).toEqual({ code: 200, data: { email, purpose: "register" }, errmsg: "" });

    const signup = await post(register, "/ulogin/register", { email, code, password: "lantern by the sea", username: "Ana" });
    expect(signup.status).toBe(200);
    const welcome = (await mailsTo(email, 2))[1];
    expect(welcome?.rcptTo).toEqual([email]);
    expect(welcome?.subject).toBe("Welcome to Lenwell");
    expect(welcome?.text).toContain("Hello Ana,");
    expect(welcome?.text).toContain("Your Lenwell account is ready.");
    expect(codeInMail(welcome?.raw ?? null)).toBeNull();
  });

  it("sends the reset code to the account's address; the code sets the new password", async () => {
    const email = newEmail();
    await registered(email, "first quiet phrase");
    expect((await post(sendCode, "/ulogin/send/code", { email, purpose: "reset" })).status).toBe(200);
    const mail = (await mailsTo(email, 3))[2];
    const code = codeInMail(mail?.raw ?? null);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.rcptTo).toEqual([email]);
    expect(mail?.subject).toBe(`${code} is your Lenwell password reset code`);
    expect(mail?.text).toContain(`Your Lenwell password reset code is: ${code}`);
    const link = linkInMail(mail?.raw ?? null);
    expect(link).toMatch(/^https:\/\/shop\.example\/account\/reset\?link=[\w.-]+$/);
    expect(await tokenOf(link)).toEqual({ code: 200, data: { email, purpose: "reset" }, errmsg: "" });

    expect((await post(reset, "/ulogin/reset", { email, code, password: "second quiet phrase" })).status).toBe(200);
    expect((await post(login, "/ulogin/login", { email, password: "second quiet phrase" })).status).toBe(200);
  });

  it("a reset for an unknown address answers like a known one and mails it why there is no code", async () => {
    const known = newEmail();
    await registered(known, "a known owner phrase");
    const unknown = newEmail();

    const knownAnswer = await post(sendCode, "/ulogin/send/code", { email: known, purpose: "reset" });
    const unknownAnswer = await post(sendCode, "/ulogin/send/code", { email: unknown, purpose: "reset" });
    expect(unknownAnswer).toEqual(knownAnswer);
    expect(knownAnswer.status).toBe(200);

    // The same work for both: exactly one message each.
    expect(await mailsTo(known, 3)).toHaveLength(3);
    const [notice, ...more] = await mailsTo(unknown);
    expect(more).toEqual([]);
    expect(notice?.rcptTo).toEqual([unknown]);
    expect(notice?.subject).toBe("Lenwell password reset: no account for this address");
    expect(notice?.text).toContain("it has no Lenwell account");
    expect(notice?.text).toContain("https://shop.example/account/register\n");
    expect(codeInMail(notice?.raw ?? null)).toBeNull();
    expect(linkInMail(notice?.raw ?? null)).toBeNull();

    // The resend delay holds for both alike.
    const knownAgain = await post(sendCode, "/ulogin/send/code", { email: known, purpose: "reset" });
    const unknownAgain = await post(sendCode, "/ulogin/send/code", { email: unknown, purpose: "reset" });
    expect([knownAgain.status, unknownAgain.status]).toEqual([429, 429]);
    expect(unknownAgain.body.errmsg).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
  });

  it("a reset with any code for an unknown address answers exactly like a wrong code", async () => {
    const known = newEmail();
    await registered(known, "a known owner phrase");
    const unknown = newEmail();
    await post(sendCode, "/ulogin/send/code", { email: known, purpose: "reset" });
    await post(sendCode, "/ulogin/send/code", { email: unknown, purpose: "reset" });
    const realCode = codeInMail((await mailsTo(known, 3))[2]?.raw ?? null) ?? "";
    await mailsTo(unknown);

    // Every code but the real one is wrong for the known address; every code is for the unknown one.
    for (const tried of ["000000", "123456", "999999"].filter((code) => code !== realCode)) {
      const knownAnswer = await post(reset, "/ulogin/reset", { email: known, code: tried, password: "new owner phrase" });
      const unknownAnswer = await post(reset, "/ulogin/reset", { email: unknown, code: tried, password: "new owner phrase" });
      expect(unknownAnswer).toEqual(knownAnswer);
      expect(knownAnswer.status).toBe(400);
      expect(knownAnswer.body.errmsg).toBe("The code is not correct. Check the e-mail and try again.");
    }

    // Without a code asked, both answer that there is no valid code.
    const neverAsked = newEmail();
    const owner = DEMO_ACCOUNTS[0].email;
    const ownerAnswer = await post(reset, "/ulogin/reset", { email: owner, code: "123456", password: "new owner phrase" });
    const strangerAnswer = await post(reset, "/ulogin/reset", { email: neverAsked, code: "123456", password: "new owner phrase" });
    expect(strangerAnswer).toEqual(ownerAnswer);
    expect(ownerAnswer.body.errmsg).toBe("This code is not valid any more. Ask for a new one.");
  });

  it("send/code for registration answers the same for an owner and a newcomer, one message each", async () => {
    const owner = newEmail();
    await registered(owner, "an owner's long phrase");
    // Past the resend delay of the code the owner registered with.
    await db().db.delete(emailCodes).where(eq(emailCodes.email, owner));
    const newcomer = newEmail();
    const ownerAnswer = await post(sendCode, "/ulogin/send/code", { email: owner, purpose: "register" });
    const newcomerAnswer = await post(sendCode, "/ulogin/send/code", { email: newcomer, purpose: "register" });
    expect(ownerAnswer).toEqual(newcomerAnswer);
    expect(ownerAnswer.status).toBe(200);
    const notice = (await mailsTo(owner, 3))[2];
    expect(notice?.subject).toBe("You already have a Lenwell account");
    expect(codeInMail(notice?.raw ?? null)).toBeNull();
    expect(await mailsTo(newcomer)).toHaveLength(1);

    // Registering the owner's address with a code answers like a wrong code for the newcomer.
    const newcomerCode = codeInMail((await mailsTo(newcomer))[0]?.raw ?? null);
    const wrong = newcomerCode === "000000" ? "111111" : "000000";
    const forOwner = await post(register, "/ulogin/register", { email: owner, code: wrong, password: "lantern by the sea" });
    const forNewcomer = await post(register, "/ulogin/register", { email: newcomer, code: wrong, password: "lantern by the sea" });
    expect(forOwner).toEqual(forNewcomer);
    expect(forOwner.status).toBe(400);
  });
});
