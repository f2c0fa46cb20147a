import { randomUUID } from "node:crypto";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { codeInMail, newestMailTo } from "@/lib/server/mail/outbox-reader";
import type { UsAddress } from "@/lib/schemas/auth";

export const DEMO_CUSTOMER = DEMO_ACCOUNTS[0];

export interface ShopTestOptions {
  /** The local OpenID issuer that stands in for Google (set in playwright.config.ts). */
  oidcIssuer: string;
  /** Lets this test's pages visit the OpenID issuer; every other origin stays forbidden. */
  allowOidcIssuer: boolean;
  /** The tests' Stripe-shaped server (Stripe.js stand-in, card frames), on the Stripe projects; "" elsewhere. */
  stripeDouble: string;
}

// Every test watches the network: nothing may leave the site (fonts, maps, images, analytics).
export const test = base.extend<ShopTestOptions & { offsiteRequests: string[] }>({
  oidcIssuer: ["", { option: true }],
  allowOidcIssuer: [false, { option: true }],
  stripeDouble: ["", { option: true }],
  offsiteRequests: [
    async ({ page, baseURL, oidcIssuer, allowOidcIssuer, stripeDouble }, use) => {
      const allowed = new Set([new URL(baseURL ?? "http://127.0.0.1").origin]);
      if (allowOidcIssuer && oidcIssuer) allowed.add(new URL(oidcIssuer).origin);
      // Stripe.js, its card frame and 3-D Secure stand in for Stripe's own hosts.
      if (stripeDouble) allowed.add(new URL(stripeDouble).origin);
      const offsite: string[] = [];
      page.on("request", (request) => {
        const url = request.url();
        if (url.startsWith("data:") || url.startsWith("blob:")) return;
        if (!allowed.has(new URL(url).origin)) offsite.push(url);
      });
      await use(offsite);
      expect(offsite, "requests that left the site").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function isMobileProject(projectName: string): boolean {
  return projectName === "mobile" || projectName === "stripe-mobile";
}

/** What signInWithCart puts in the cart: a plan with stock to spare (10,000), so any badge count fits. */
export const CART_TEST_SKU = "LW-MEM-M";

/**
 * A fresh account of this test's own, signed in through the real login call (the browser context
 * keeps the Token cookie), whose real cart holds `count` pieces put there by the real add call: the
 * badge and the drawer show the server's numbers, and parallel tests never share a cart.
 */
export async function signInWithCart(page: Page, count: number): Promise<FreshCustomer> {
  const customer = await registerFreshCustomer(page);
  const response = await page.request.post("/api/v1/c/ulogin/login", {
    data: { email: customer.email, password: customer.password },
  });
  expect(response.status()).toBe(200);
  if (count > 0) {
    const added = await page.request.post("/api/v1/c/order/cart/add/", { data: { skuNum: CART_TEST_SKU, quantity: count } });
    expect(added.status(), await added.text()).toBe(200);
  }
  return customer;
}

/** Opens the top bar's account menu and waits for what it holds for a signed-in customer or a visitor. */
export async function openAccountMenu(page: Page, signedIn: boolean) {
  await page
    .locator("header")
    .getByRole("button", { name: /^Account menu/ })
    .click();
  if (signedIn) await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  else await expect(page.getByRole("link", { name: "Register" })).toBeVisible();
}

/** Scrolls the window to an exact offset and lets scroll listeners run. */
export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await page.waitForFunction((top) => Math.round(window.scrollY) === top, y);
}

/** The outbox of the e2e server (playwright.config.ts MAIL_OUTBOX_DIR). */
export const E2E_OUTBOX = path.resolve(".data/outbox-e2e");

/** A US address the shop accepts (Texas, so the tax table applies). */
export const TEST_ADDRESS: UsAddress = {
  fullName: "Sam Rivers",
  line1: "1200 Main Street",
  city: "Houston",
  state: "TX",
  zip: "77002",
};

export interface FreshCustomer {
  email: string;
  password: string;
  username: string;
}

/**
 * A new account of its own for one test, registered through the real API with the code from the
 * outbox; the browser context keeps its Token cookie. With `address`, the profile gets a default
 * delivery address (the payment page fills it in from there).
 */
export async function registerFreshCustomer(page: Page, options: { address?: UsAddress } = {}): Promise<FreshCustomer> {
  const email = `buyer-${randomUUID()}@example.com`;
  const password = "clear mountain stream";
  const username = "Sam Rivers";
  const sent = await page.request.post("/api/v1/c/ulogin/send/code", { data: { email, purpose: "register" } });
  expect(sent.status()).toBe(200);
  let code: string | null = null;
  await expect.poll(async () => (code = codeInMail(await newestMailTo(E2E_OUTBOX, email)))).toMatch(/^\d{6}$/);
  const registered = await page.request.post("/api/v1/c/ulogin/register", {
    data: { email, code, password, username },
  });
  expect(registered.status()).toBe(200);
  if (options.address) {
    const saved = await page.request.post("/api/v1/c/ulogin/save", { data: { defaultAddress: options.address } });
    expect(saved.status()).toBe(200);
  }
  return { email, password, username };
}

/**
 * Types a card into the payment provider's own field (Stripe's card frame, the stand-in's in tests);
 * unless told otherwise it expires in December two years on, with security code 123.
 */
export async function typeCardIntoProviderField(page: Page, number: string, card: { expiry?: string; cvc?: string } = {}) {
  const frame = page.frameLocator('[data-testid="provider-card"] iframe');
  await frame.getByLabel("Card number").fill(number);
  await frame.getByLabel("Expiration date").fill(card.expiry ?? `12 / ${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0")}`);
  await frame.getByLabel("Security code").fill(card.cvc ?? "123");
}
