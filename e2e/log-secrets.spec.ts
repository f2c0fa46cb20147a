import { randomBytes, randomUUID } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { codeInMail } from "@/lib/server/mail/outbox-reader";
import { startTestSmtpServer, type TestSmtpServer } from "@/test/support/test-smtp-server";
import { startCapturedShop, type CapturedShop } from "./support/captured-shop";
import { TEST_ADDRESS, expect, test } from "./fixtures";

// What the server's log says while customers sign in, register, reset a password and pay: the build
// under test, started once more with LOG_LEVEL=debug and real SMTP (a local test server), its stdout
// and stderr kept whole. None of the secrets that went through it may be in there, every JSON line
// must parse, and the lines of each request must carry the id its response gave back.

const CARD_NUMBER = "4242424242424242";
// An unusual security code, so that finding it in the log means it leaked (not a duration or a port).
const CVC = "737";
const STRIPE_LIKE = /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]+|\bwhsec_[A-Za-z0-9+/=]+/;

interface Call {
  what: string;
  path: string;
  status: number;
  requestId: string | undefined;
}

test.describe("the server log keeps no secret", () => {
  let smtp: TestSmtpServer | null = null;
  let shop: CapturedShop | null = null;
  const authSecret = randomBytes(33).toString("base64url");
  const stripeKeys = {
    STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString("hex")}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${randomBytes(12).toString("hex")}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString("hex")}`,
  };

  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== "desktop") return;
    testInfo.setTimeout(90_000);
    smtp = await startTestSmtpServer();
    // Beside the e2e server (E2E_PORT), the OpenID issuer (+1), the https shop (+2), the traced shop
    // (+3) and the Stripe projects' (+4, +5). The Stripe keys are there only to be looked for: the
    // sandbox gateway charges, and a key must never be printed whichever provider is on.
    const port = Number(process.env.E2E_PORT ?? 3100) + 6;
    shop = await startCapturedShop(port, { LOG_LEVEL: "debug", SMTP_URL: smtp.url, AUTH_SECRET: authSecret, ...stripeKeys });
  });

  test.afterAll(async () => {
    await shop?.stop();
    await smtp?.close();
  });

  test("sign-in, registration, a password reset and a payment leave no password, token, card, code or key in it", async ({
    playwright,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one server started for the run; the log does not depend on the screen");
    if (!shop || !smtp) throw new Error("the shop did not start");
    const mail = smtp;
    testInfo.setTimeout(90_000);
    const calls: Call[] = [];
    const tokens: string[] = [];
    const remember = async (what: string, path: string, response: APIResponse): Promise<APIResponse> => {
      calls.push({ what, path: path.split("?")[0] ?? path, status: response.status(), requestId: response.headers()["x-request-id"] });
      for (const cookie of response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie")) {
        const token = /^Token=([^;]+)/.exec(cookie.value)?.[1];
        if (token) tokens.push(token);
      }
      return response;
    };
    const post = async (api: APIRequestContext, what: string, path: string, data: object, headers: Record<string, string> = {}) =>
      remember(what, path, await api.post(path, { data, headers }));
    // The newest code mailed to `email` that is not one of `seen` (a welcome mail comes in between).
    const codeFor = async (email: string, seen: readonly string[]): Promise<string> => {
      const fresh = () =>
        mail
          .to(email)
          .map((message) => codeInMail(message.raw))
          .filter((code): code is string => code !== null && !seen.includes(code));
      await expect.poll(() => fresh().length, { timeout: 15_000 }).toBeGreaterThan(0);
      return fresh().at(-1) ?? "";
    };

    const customer = DEMO_ACCOUNTS.find((account) => account.role === "customer");
    if (!customer) throw new Error("No demo customer");
    const wrongPassword = `wrong-${randomUUID()}`;
    const newcomer = { email: `log-${randomUUID()}@example.com`, password: `first ${randomUUID()}`, reset: `second ${randomUUID()}` };
    const codes: string[] = [];

    const shopper = await playwright.request.newContext({ baseURL: shop.url });
    const stranger = await playwright.request.newContext({ baseURL: shop.url });
    try {
      // A login that fails, then the demo customer's, with an id set by "nginx".
      expect(
        (await post(shopper, "wrong login", "/api/v1/c/ulogin/login", { email: customer.email, password: wrongPassword })).status(),
      ).toBe(401);
      const login = await post(
        shopper,
        "login",
        "/api/v1/c/ulogin/login",
        { email: customer.email, password: customer.password },
        { "X-Request-Id": "nginx-login-1" },
      );
      expect(login.status(), await login.text()).toBe(200);
      expect(login.headers()["x-request-id"]).toBe("nginx-login-1");
      expect(tokens).not.toEqual([]);

      // Registration with a code from the (SMTP) inbox, then a reset of the new password.
      expect(
        (await post(stranger, "register code", "/api/v1/c/ulogin/send/code", { email: newcomer.email, purpose: "register" })).status(),
      ).toBe(200);
      codes.push(await codeFor(newcomer.email, codes));
      const registered = await post(stranger, "register", "/api/v1/c/ulogin/register", {
        email: newcomer.email,
        code: codes[0],
        password: newcomer.password,
        username: "Log Reader",
      });
      expect(registered.status(), await registered.text()).toBe(200);
      expect((await post(stranger, "reset code", "/api/v1/c/ulogin/send/code", { email: newcomer.email, purpose: "reset" })).status()).toBe(
        200,
      );
      codes.push(await codeFor(newcomer.email, codes));
      const reset = await post(stranger, "reset", "/api/v1/c/ulogin/reset", {
        email: newcomer.email,
        code: codes[1],
        password: newcomer.reset,
      });
      expect(reset.status(), await reset.text()).toBe(200);

      // Checkout and a payment with the test card, as the demo customer.
      const added = await post(shopper, "checkout", "/api/v1/c/merchandise/order/add", { skuNum: "LW-F1-PP", quantity: 1 });
      expect(added.status(), await added.text()).toBe(200);
      const { orderId } = ((await added.json()) as { data: { orderId: string } }).data;
      const paid = await post(shopper, "payment", "/api/v1/c/merchandise/order/payment", {
        orderId,
        card: { number: CARD_NUMBER, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: CVC, name: TEST_ADDRESS.fullName },
        shippingAddress: TEST_ADDRESS,
        idempotencyKey: randomUUID(),
      });
      expect(paid.status(), await paid.text()).toBe(200);
      expect(((await paid.json()) as { data: { status: string } }).data.status).toBe("paid");
      // A page and a static file: every response carries an id, not only the API's.
      await remember("product page", "/mart/detail/LW-RO600", await shopper.get("/mart/detail/LW-RO600"));
      await remember("static file", "/robots.txt", await shopper.get("/robots.txt"));
    } finally {
      await shopper.dispose();
      await stranger.dispose();
    }
    // Stopped first: whatever the logger still buffered is written on the way out.
    await shop.stop();
    const output = shop.output();
    await testInfo.attach("server-log", { body: output, contentType: "text/plain" });

    // No secret, in any line, JSON or not.
    const secrets: [string, string][] = [
      ["the demo password", customer.password],
      ["a wrong password", wrongPassword],
      ["the registered password", newcomer.password],
      ["the reset password", newcomer.reset],
      ["the card number", CARD_NUMBER],
      ["AUTH_SECRET", authSecret],
      ...Object.entries(stripeKeys),
      ...tokens.map((token): [string, string] => ["a session token", token]),
      ...codes.map((code): [string, string] => ["an e-mail code", code]),
    ];
    expect(codes).toHaveLength(2);
    for (const [what, secret] of secrets) expect(output.includes(secret), `${what} is in the server log`).toBe(false);
    expect(output).not.toMatch(STRIPE_LIKE);
    expect(output).not.toMatch(/4242[ -]?4242[ -]?4242[ -]?4242/);
    expect(output).not.toContain(`"${CVC}"`);

    // Every JSON line parses; no field anywhere is a security code or an Authorization or Cookie header.
    const lines = output.split("\n").filter((line) => line.startsWith("{"));
    expect(lines.length).toBeGreaterThan(calls.length);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const keyed = (record: unknown, names: RegExp): unknown[] =>
      typeof record !== "object" || record === null
        ? []
        : Object.entries(record).flatMap(([key, value]) => (names.test(key) && value !== "[redacted]" ? [value] : keyed(value, names)));
    for (const record of records) expect(keyed(record, /^(cvc|cvv|password|token|authorization|cookie|set-cookie)$/i)).toEqual([]);

    // Each response's id: the request's one "request completed" line, and the lines written while it was handled.
    for (const call of calls) {
      expect(call.requestId, `${call.what} answered without X-Request-Id`).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
      const own = records.filter((record) => record.requestId === call.requestId);
      expect(
        own.filter((record) => record.msg === "request completed"),
        call.what,
      ).toEqual([expect.objectContaining({ path: call.path, status: call.status, level: "info" })]);
    }
    const idOf = (what: string) => calls.find((call) => call.what === what)?.requestId;
    const lineOf = (msg: string) => records.find((record) => record.msg === msg);
    expect(lineOf("Login refused: wrong e-mail or password")?.requestId).toBe(idOf("wrong login"));
    expect(lineOf("Signed in with a password")?.requestId).toBe("nginx-login-1");
    expect(lineOf("Order payment: paid")?.requestId).toBe(idOf("payment"));
    // With SMTP configured the code is mailed, never printed: no "[mail outbox]" line at all.
    expect(records.filter((record) => String(record.msg).startsWith("[mail outbox]"))).toEqual([]);
  });
});
