import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIResponse, Page, Response } from "@playwright/test";
import { GOOGLE_CALLBACK_PATH } from "@/lib/config/oidc";
import { ROUTES, orderPath, paymentPath, productPath, searchPath } from "@/lib/config/routes";
import { API_CONTENT_SECURITY_POLICY, usesNoncePolicy } from "@/lib/config/security-headers";
import { PURIFIER_SKU } from "@/lib/config/store";
import { DEMO_CUSTOMER, TEST_ADDRESS, expect, openAccountMenu, registerFreshCustomer, signInWithCart, test } from "./fixtures";
import { buyNowThroughApi, signInAsOperator } from "./shop-api";
import { watchViolations } from "./support/csp-violations";

function headerValues(response: APIResponse, name: string): string[] {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === name)
    .map((header) => header.value);
}

function scriptSrc(policy: string): string[] {
  return (/(?:^|;\s*)script-src ([^;]*)/.exec(policy)?.[1] ?? "").split(/\s+/);
}

function expectCommonHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  // The test server is plain http: HSTS is for a production site on https only.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

/**
 * A session or sign-in page's answer: one policy, locked down, scripts only by a nonce that Next's
 * own scripts carry (no inline scripts). Answers the nonce.
 */
async function expectNoncePolicy(response: APIResponse): Promise<string> {
  expect(response.status()).toBe(200);
  expectCommonHeaders(response);
  expect(response.headers()["cross-origin-opener-policy"]).toBe("same-origin");
  const policies = headerValues(response, "content-security-policy");
  expect(policies, "exactly one policy: the static one must not be added").toHaveLength(1);
  const policy = policies[0] ?? "";
  expectLockedDown(policy);
  const sources = scriptSrc(policy);
  expect(sources).toContain("'strict-dynamic'");
  expect(sources).not.toContain("'unsafe-inline'");
  const nonce = sources.find((source) => source.startsWith("'nonce-"))?.slice(7, -1) ?? "";
  expect(nonce).not.toBe("");
  expect(await response.text()).toContain(`nonce="${nonce}"`);
  return nonce;
}

function expectLockedDown(policy: string) {
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toContain("unsafe-eval");
}

async function signIn(page: Page) {
  const response = await page.request.post("/api/v1/c/ulogin/login", {
    data: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  });
  expect(response.status()).toBe(200);
}

/** Records every CSP violation the page reports, as an event or on the console. */

test.describe("security headers", () => {
  test("a page served from the cache carries one policy: each of its inline scripts by hash, no nonce, no inline wholesale", async ({
    page,
  }) => {
    for (const path of [ROUTES.contact, productPath(PURIFIER_SKU), "/no-such-page"]) {
      // Twice: the answer that rendered the page (if this server had not yet) and one from the cache.
      for (let i = 0; i < 2; i++) {
        const response = await page.request.get(path);
        expect(response.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
        expectCommonHeaders(response);
        // A public page shares the browsing context group of whatever window it was opened from.
        expect(response.headers()["cross-origin-opener-policy"]).toBeUndefined();
        const policies = headerValues(response, "content-security-policy");
        expect(policies, path).toHaveLength(1);
        const policy = policies[0] ?? "";
        expectLockedDown(policy);
        const sources = scriptSrc(policy);
        expect(sources, path).not.toContain("'unsafe-inline'");
        expect(
          sources.some((source) => source.startsWith("'nonce-")),
          path,
        ).toBe(false);
        const html = await response.text();
        const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
          ([, attributes]) => !/\ssrc=/.test(attributes ?? ""),
        );
        expect(inline.length, path).toBeGreaterThan(1);
        for (const [, , text = ""] of inline) {
          expect(sources, `${path}: ${text.slice(0, 60)}`).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
        }
      }
    }
  });

  test("a page with customer data gets a fresh nonce on every answer, and Next's scripts carry it", async ({ page }) => {
    await signIn(page);
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      nonces.push(await expectNoncePolicy(await page.request.get(ROUTES.account)));
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  for (const path of [ROUTES.login, ROUTES.register, ROUTES.resetPassword, GOOGLE_CALLBACK_PATH]) {
    test(`${path}, which takes a password or signs someone in, gets a fresh nonce and no inline scripts`, async ({ page }) => {
      const nonce = await expectNoncePolicy(await page.request.get(path));
      const again = scriptSrc(headerValues(await page.request.get(path), "content-security-policy")[0] ?? "");
      expect(again.find((source) => source.startsWith("'nonce-"))).not.toBe(`'nonce-${nonce}'`);
    });
  }

  test("an API answer with customer data is never stored, never sniffed, and names no framework", async ({ page }) => {
    await signIn(page);
    const response = await page.request.get("/api/v1/c/user/profile");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers()["content-type"]).toContain("application/json");
    expectCommonHeaders(response);
    const refused = await page.request.get("/api/v1/c/user/profile", { headers: { cookie: "" } });
    expect(refused.headers()["cache-control"]).toBe("no-store");
  });

  test("every API answer carries one policy that lets nothing run", async ({ page }) => {
    const answers = [
      await page.request.get("/api/v1/c/user/profile"),
      await page.request.get("/api/v1/c/merchandise/list"),
      await page.request.get("/api/v1/c/no-such-call"),
      await page.request.get("/api/v1/c/order/cart/add"),
      await page.request.get("/api/v1/c/%ZZ"),
      await page.request.get("/api/health"),
      await page.request.get("/api/ready"),
    ];
    for (const response of answers) {
      expect(headerValues(response, "content-security-policy"), response.url()).toEqual([API_CONTENT_SECURITY_POLICY]);
      expect(scriptSrc(API_CONTENT_SECURITY_POLICY)).not.toContain("'unsafe-inline'");
    }
  });

  test("every page Next renders per request gets a nonce from the middleware, and no page served from the cache does", () => {
    // What this build does, read from Next's own manifests (the same with webpack and Turbopack):
    // which pages it serves from the cache, and on which paths its middleware runs.
    const read = <T>(file: string) => JSON.parse(readFileSync(path.resolve(".next", file), "utf8")) as T;
    const pages = Object.entries(read<Record<string, string>>("app-path-routes-manifest.json"))
      .filter(([entry]) => entry.endsWith("/page") && !entry.startsWith("/_"))
      .map(([, route]) => route);
    const prerendered = read<{ routes: Record<string, unknown>; dynamicRoutes: Record<string, unknown> }>("prerender-manifest.json");
    const cached = new Set([...Object.keys(prerendered.routes), ...Object.keys(prerendered.dynamicRoutes)]);
    // The matchers that need no query (those for ?c= and ?platform=app carry `has`).
    type Matcher = { regexp: string; has?: unknown[] };
    const matchers = Object.values(
      read<{ middleware: Record<string, { matchers: Matcher[] }> }>("server/middleware-manifest.json").middleware,
    )
      .flatMap((entry) => entry.matchers)
      .filter((matcher) => !matcher.has?.length)
      .map((matcher) => new RegExp(matcher.regexp));
    expect(matchers.length).toBeGreaterThan(0);
    expect(pages).toEqual(expect.arrayContaining([ROUTES.home, ROUTES.store, "/mart/detail/[sku]", ROUTES.contact, ROUTES.account]));
    for (const route of pages) {
      const example = route.replace(/\[\.\.\.\w+\]/g, "any/thing").replace(/\[\w+\]/g, "5e461c55-5d5c-4e0a-9d3c-2f1b8a7c6e01");
      const perRequest = !cached.has(route);
      expect(usesNoncePolicy(example), `${route}: rendered per request, so it needs a nonce`).toBe(perRequest);
      expect(
        matchers.some((matcher) => matcher.test(example)),
        `${route}: the middleware ${perRequest ? "must run, for the nonce" : "must not run: the cached page brings its policy"}`,
      ).toBe(perRequest);
    }
  });
});

// Answers Next would otherwise give itself: a plain-text 500 for a path it cannot decode and an empty
// 405 for a wrong method, both without the envelope and (the 500) without the security headers.
test.describe("refusals before any handler", () => {
  for (const path of ["/api/v1/c/%ZZ", "/api/v1/admin/orders/%E0%A4%A", "/api/v1/c/merchandise/%C0%AF"]) {
    test(`a path that does not decode (${path}) is a 400 in the envelope, with the headers`, async ({ page }) => {
      const response = await page.request.get(path);
      expect(response.status()).toBe(400);
      expectCommonHeaders(response);
      expect(response.headers()["cache-control"]).toBe("no-store");
      expect(await response.json()).toEqual({ code: 400, data: null, errmsg: "The address of this request is not valid." });
    });
  }

  test("a page path that does not decode is a 400 with the headers", async ({ page }) => {
    const response = await page.request.get("/mart/detail/%ZZ");
    expect(response.status()).toBe(400);
    expectCommonHeaders(response);
  });

  test("a wrong method is a 405 in the envelope with Allow, and OPTIONS lists the same", async ({ page }) => {
    const wrong = await page.request.get("/api/v1/c/order/cart/add");
    expect(wrong.status()).toBe(405);
    expectCommonHeaders(wrong);
    expect(wrong.headers()["allow"]).toBe("OPTIONS, POST");
    expect(await wrong.json()).toEqual({ code: 405, data: null, errmsg: "Incorrect request method! Please try again later" });
    const put = await page.request.put("/api/v1/c/merchandise/detail?sku=LW-RO600", { data: {} });
    expect(put.status()).toBe(405);
    expect(put.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
    const options = await page.request.fetch("/api/v1/c/merchandise/detail", { method: "OPTIONS" });
    expect(options.status()).toBe(204);
    expect(options.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
    // HEAD stays Next's: the GET handler's answer without its body.
    const head = await page.request.head("/api/v1/c/merchandise/detail?sku=LW-RO600");
    expect(head.status()).toBe(200);
  });
});

/** What the browser got for a page: one policy, no inline scripts wholesale, no eval. */
async function expectStrictPolicy(response: Response | null, path: string) {
  const policies = ((await response?.headersArray()) ?? []).filter((header) => header.name.toLowerCase() === "content-security-policy");
  expect(
    policies.map((header) => header.value),
    `${path}: exactly one policy`,
  ).toHaveLength(1);
  const sources = scriptSrc(policies[0]?.value ?? "");
  expect(sources, path).not.toContain("'unsafe-inline'");
  expect(sources, path).not.toContain("'unsafe-eval'");
  expect(
    sources.some((source) => source.startsWith("'nonce-") || source.startsWith("'sha256-")),
    path,
  ).toBe(true);
}

test.describe("pages run under their policy", () => {
  // Every kind of page the shop has, as the browser loads it: the inline scripts Next writes (the
  // RSC payload, React's, the head script) and the files they load must all run, with no report.
  const VISITOR_PAGES: { kind: string; path: string; status?: number }[] = [
    { kind: "the home page, rendered per request", path: ROUTES.home },
    { kind: "the catalogue, rendered per request", path: `${ROUTES.store}?sort=price_asc` },
    { kind: "a product page, from the cache", path: productPath(PURIFIER_SKU) },
    { kind: "the contact page, prerendered", path: ROUTES.contact },
    { kind: "the about page, prerendered", path: ROUTES.aboutUs },
    { kind: "the FAQ, rendered per request", path: ROUTES.faq },
    { kind: "search results, from the cache", path: searchPath("replacement filter") },
    { kind: "search results with a page size of their own, rendered per request", path: `${searchPath("filter")}&pageSize=20` },
    { kind: "the 404 page", path: "/no-such-page", status: 404 },
    { kind: "an unknown store shelf (the 404 page)", path: `${ROUTES.store}?category=kitchen`, status: 404 },
  ];

  for (const { kind, path, status = 200 } of VISITOR_PAGES) {
    test(`${kind} (${path}) reports no violation under a strict policy and hydrates`, async ({ page }) => {
      const violations = await watchViolations(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expectStrictPolicy(response, path);
      await openAccountMenu(page, false);
      // A page from the app's webview: the head script ran before the first paint.
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}platform=app`);
      await expect(page.locator("html")).toHaveAttribute("data-platform", "app");
      expect(violations).toEqual([]);
    });
  }

  test("the login page, the cart drawer, the account page and the checkout report no violation", async ({ page }) => {
    const violations = await watchViolations(page);
    await expectStrictPolicy(await page.goto(ROUTES.login), ROUTES.login);
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    await signInWithCart(page, 2);
    // The cart is a drawer over any page: here over a page served from the cache.
    await expectStrictPolicy(await page.goto(productPath(PURIFIER_SKU)), productPath(PURIFIER_SKU));
    await page.locator("header").getByRole("button", { name: "Cart, 2 items" }).click();
    await expect(page.getByTestId("cart-drawer")).toBeVisible();
    await expectStrictPolicy(await page.goto(ROUTES.account), ROUTES.account);
    await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
    await openAccountMenu(page, true);
    const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
    await expectStrictPolicy(await page.goto(paymentPath(orderId)), ROUTES.payment);
    await expect(page.getByRole("heading", { name: "Test mode" })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the operator console reports no violation", async ({ page }) => {
    const violations = await watchViolations(page);
    await signInAsOperator(page);
    for (const path of [ROUTES.console, ROUTES.consoleOrders, ROUTES.consoleCatalogue]) {
      await expectStrictPolicy(await page.goto(path), path);
      await expect(page.getByRole("navigation", { name: "Operator console" })).toBeVisible();
    }
    expect(violations).toEqual([]);
  });

  test("the login page reports no violation and its form signs in", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(ROUTES.login);
    await page.getByLabel("E-mail", { exact: true }).fill(DEMO_CUSTOMER.email);
    await page.getByLabel("Password").fill(DEMO_CUSTOMER.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("header").getByRole("button", { name: /Account menu for Demo Customer/ })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the registration page reports no violation under its nonce policy and sends the code", async ({ page }) => {
    const violations = await watchViolations(page);
    const email = `csp-${randomUUID()}@example.com`;
    await page.goto(ROUTES.register);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the reset page reports no violation under its nonce policy and sends the code", async ({ page }) => {
    const violations = await watchViolations(page);
    const email = `csp-${randomUUID()}@example.com`;
    await page.goto(ROUTES.resetPassword);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`If ${email} has an account, we sent it a 6-digit code.`)).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the account page reports no violation under its nonce policy and its forms work", async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page);
    await page.goto(`${ROUTES.account}?platform=app`);
    // The root layout's inline script ran (allowed by its hash), and React hydrated the forms.
    await expect(page.locator("html")).toHaveAttribute("data-platform", "app");
    await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByLabel("New password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Use at least 8 characters.")).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("an order's page reports no violation under its nonce policy and its dialog and form work", async ({ page }) => {
    const violations = await watchViolations(page);
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    const response = await page.request.post("/api/v1/c/merchandise/order/add", { data: { skuNum: "LW-F1-PP", quantity: 1 } });
    const { data } = (await response.json()) as { data: { orderId: string } };
    const answer = await page.goto(orderPath(data.orderId));
    expect(answer?.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    await page.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByRole("heading", { name: "Cancel this order?" })).toBeVisible();
    await page.getByRole("button", { name: "Keep order" }).click();
    await page.getByRole("button", { name: "Change address or shipping" }).click();
    await expect(page.getByRole("radio", { name: /UPS Ground/ })).toBeChecked();
    expect(violations).toEqual([]);
  });
});
