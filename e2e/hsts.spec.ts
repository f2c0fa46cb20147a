import { ROUTES } from "@/lib/config/routes";
import { startShop, type ShopServer } from "@/scripts/bench/shop-server";
import { expect, test } from "./fixtures";

// HSTS follows the public address the server is started with, not the one `next build` saw: the
// build under test, started a second time with an https SITE_URL, sends it on every answer it
// computes per request (the pages that need a session or take a password, API answers); the e2e
// server (http) does not. Both listen on plain http here; only SITE_URL differs.

const ANSWERS = [
  ROUTES.login,
  ROUTES.register,
  ROUTES.resetPassword,
  ROUTES.account,
  `${ROUTES.payment}?orderId=ord_1`,
  ROUTES.console,
  `${ROUTES.faq}?c=PARTNER_1`,
  "/api/v1/c/user/profile",
  "/api/v1/c/merchandise/list",
];

test.describe("HSTS is decided when the server starts", () => {
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

  test("the same build sends HSTS once its public address is https, and none on http", async ({ request }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one server started for the run; headers do not depend on the screen");
    const shop = httpsShop;
    if (!shop) throw new Error("the https shop did not start");
    for (const path of ANSWERS) {
      const overHttps = await request.get(`${shop.url}${path}`, { maxRedirects: 0 });
      expect(overHttps.status(), path).toBeLessThan(500);
      expect(overHttps.headers()["strict-transport-security"], path).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      // Everything else is the same build's.
      expect(overHttps.headers()["x-content-type-options"], path).toBe("nosniff");

      const overHttp = await request.get(path, { maxRedirects: 0 });
      expect(overHttp.status(), path).toBe(overHttps.status());
      expect(overHttp.headers()["strict-transport-security"], path).toBeUndefined();
    }
  });
});
