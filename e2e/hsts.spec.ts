import { createHash } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { ROUTES, productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { startShop, type ShopServer } from "@/scripts/bench/shop-server";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";

// HSTS and Secure cookies follow the public address the server is started with, not the one `next
// build` saw: the build under test, started a second time with an https SITE_URL, sends HSTS on every
// answer, whatever made it (a page from the cache or rendered per request, the API and its probes,
// files, redirects, errors), and marks every cookie it sets Secure; the e2e server (http) does
// neither. Both listen on plain http here; only SITE_URL differs.

const ANSWERS = [
  // Pages: rendered per request, from the cache, prerendered, the 404 page.
  ROUTES.home,
  `${ROUTES.store}?category=kitchen`,
  productPath(PURIFIER_SKU),
  ROUTES.contact,
  "/no-such-page",
  ROUTES.login,
  ROUTES.register,
  ROUTES.resetPassword,
  ROUTES.account,
  `${ROUTES.payment}?orderId=ord_1`,
  ROUTES.console,
  `${ROUTES.faq}?c=PARTNER_1`,
  // Redirects: a trailing slash (next.config.ts), the way to login, a malformed address.
  `${ROUTES.faq}/`,
  `${ROUTES.loginRequired}?return=%2Faccount%2Fuser`,
  "/mart/detail/%ZZ",
  // API answers: the envelope's, the probes', Next's 405 and 404 ones, the middleware's 400.
  "/api/v1/c/user/profile",
  "/api/v1/c/merchandise/list",
  "/api/v1/c/no-such-call",
  "/api/v1/c/order/cart/add",
  "/api/v1/c/%ZZ",
  "/api/health",
  "/api/ready",
  "/api/no-such-call",
  // Files: public/, route handlers, Next's own.
  "/images/logo-mark.svg",
  "/icon.svg",
  "/robots.txt",
  "/sitemap.xml",
];

const setCookies = (response: APIResponse) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);

/** Every cookie the server sets, each answer's: the way back from login, referral, app marker, session. */
async function cookiesFrom(request: APIRequestContext, origin: string): Promise<string[]> {
  const answers = [
    await request.get(`${origin}${ROUTES.account}`, { maxRedirects: 0 }),
    await request.get(`${origin}${ROUTES.loginRequired}?return=%2Faccount%2Forders`, { maxRedirects: 0 }),
    await request.get(`${origin}${ROUTES.contact}?c=PARTNER_1&platform=app`, { maxRedirects: 0 }),
    await request.post(`${origin}/api/v1/c/ulogin/login`, { data: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } }),
    await request.post(`${origin}/api/v1/c/ulogin/logout`),
  ];
  return answers.flatMap(setCookies);
}

const COOKIE_NAMES = ["Token", "login_return_path", "lw_device", "platform", "referral_code", "signed_in"];
const namesOf = (cookies: string[]) => [...new Set(cookies.map((cookie) => cookie.slice(0, cookie.indexOf("="))))].sort();

test.describe("HSTS and Secure cookies are decided when the server starts", () => {
  // One https shop for these tests, in one worker, in this order (the first finds its cache empty).
  test.describe.configure({ mode: "serial" });
  let httpsShop: ShopServer | null = null;

  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== "desktop") return;
    testInfo.setTimeout(90_000);
    // Beside the e2e server (E2E_PORT) and the OpenID issuer (E2E_PORT + 1); the Stripe projects use + 4 and + 5.
    const port = Number(process.env.E2E_PORT ?? 3100) + 2;
    httpsShop = await startShop("pglite", port, { siteUrl: "https://shop.lenwell.example" });
  });

  test.afterAll(async () => {
    await httpsShop?.stop();
  });

  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one server started for the run; headers do not depend on the screen");
  });

  const shop = () => {
    if (!httpsShop) throw new Error("the https shop did not start");
    return httpsShop;
  };

  test("a page served from the cache carries its hash policy from the answer that rendered it on", async ({ request }) => {
    // This server is fresh: its first answer for each of these pages renders it and puts it in the cache.
    for (const path of [ROUTES.contact, productPath(PURIFIER_SKU)]) {
      const answers = [await request.get(`${shop().url}${path}`), await request.get(`${shop().url}${path}`)];
      expect(
        answers.map((answer) => answer.headers()["x-nextjs-cache"]),
        path,
      ).toEqual(["MISS", "HIT"]);
      for (const answer of answers) {
        const policy = answer.headers()["content-security-policy"] ?? "";
        const html = await answer.text();
        const firstInline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
        expect(policy, path).toContain(`'sha256-${createHash("sha256").update(firstInline).digest("base64")}'`);
        expect(/script-src [^;]*/.exec(policy)?.[0], path).not.toContain("'unsafe-inline'");
      }
      expect(answers[0]?.headers()["content-security-policy"]).toBe(answers[1]?.headers()["content-security-policy"]);
    }
  });

  test("the same build sends HSTS on every answer once its public address is https, and none on http", async ({ request }) => {
    // One file of Next's own, named in a page's HTML.
    const page = await (await request.get(`${shop().url}${ROUTES.contact}`)).text();
    const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(page)?.[1];
    expect(chunk).toBeTruthy();
    for (const path of [...ANSWERS, chunk ?? ""]) {
      const overHttps = await request.get(`${shop().url}${path}`, { maxRedirects: 0 });
      expect(overHttps.status(), path).toBeLessThan(500);
      expect(overHttps.headers()["strict-transport-security"], path).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      // Everything else is the same build's (Next's own redirects carry none of the fixed headers).
      if (overHttps.status() !== 308) expect(overHttps.headers()["x-content-type-options"], path).toBe("nosniff");

      const overHttp = await request.get(path, { maxRedirects: 0 });
      expect(overHttp.status(), path).toBe(overHttps.status());
      expect(overHttp.headers()["strict-transport-security"], path).toBeUndefined();
    }
    // A POST refused (no session) and a login refused (wrong password) as well.
    for (const answer of [
      await request.post(`${shop().url}/api/v1/c/order/cart/add/`, { data: { skuNum: "LW-F1-PP", quantity: 1 } }),
      await request.post(`${shop().url}/api/v1/c/ulogin/login`, { data: { email: DEMO_CUSTOMER.email, password: "wrong password" } }),
    ]) {
      expect(answer.status()).toBe(401);
      expect(answer.headers()["strict-transport-security"]).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    }
  });

  test("every cookie the server sets is Secure once its public address is https, and none on http", async ({ request, baseURL }) => {
    const overHttps = await cookiesFrom(request, shop().url);
    expect(namesOf(overHttps)).toEqual(COOKIE_NAMES);
    for (const cookie of overHttps) expect(cookie, cookie).toMatch(/;\s*secure(;|$)/i);

    const overHttp = await cookiesFrom(request, baseURL ?? "");
    expect(namesOf(overHttp)).toEqual(COOKIE_NAMES);
    for (const cookie of overHttp) expect(cookie, cookie).not.toMatch(/;\s*secure/i);
  });
});
