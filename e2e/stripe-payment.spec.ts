import type { Page } from "@playwright/test";
import { PURIFIER_SKU } from "@/lib/config/store";
import { paymentPath } from "@/lib/config/routes";
import { expect, registerFreshCustomer, test, TEST_ADDRESS, typeCardIntoProviderField } from "./fixtures";
import { buyNowThroughApi } from "./shop-api";

// The payment page on Stripe (the shop started with PAYMENT_PROVIDER=stripe against the tests'
// Stripe-shaped server, playwright.config.ts): the card is typed into Stripe's own fields, in a
// frame of Stripe's origin, and confirmed in the browser, 3-D Secure included.

interface CapturedRequest {
  method: string;
  url: string;
  body: string;
}

/**
 * Every request the page sends to the shop's own origin, with its body as the browser sent it: each
 * is intercepted and read there, then let through. page.on("request") alone gave these POSTs without
 * their bodies in a run elsewhere, which made "no body holds the card" true of nothing.
 */
async function captureShopRequests(page: Page, shopOrigin: string): Promise<CapturedRequest[]> {
  const seen: CapturedRequest[] = [];
  await page.route(
    (url) => url.origin === shopOrigin,
    async (route) => {
      const request = route.request();
      seen.push({ method: request.method(), url: request.url(), body: request.postDataBuffer()?.toString("utf8") ?? "" });
      await route.fallback();
    },
  );
  return seen;
}

/** The request's URL and body as sent, and decoded as a form or a URL would be. */
function readings(request: CapturedRequest): string[] {
  const raw = `${request.url}\n${request.body}`;
  try {
    return [raw, decodeURIComponent(raw.replace(/\+/g, " "))];
  } catch {
    return [raw];
  }
}

async function orderStatus(page: Page, orderId: string): Promise<string> {
  const order = await page.request.get(`/api/v1/c/merchandise/order/get?orderId=${orderId}`);
  return ((await order.json()) as { data: { status: string } }).data.status;
}

test("a customer pays in Stripe's own card fields, and no request to the shop carries the card", async ({ page, baseURL }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, PURIFIER_SKU, 1);
  const sent = await captureShopRequests(page, new URL(baseURL ?? "").origin);
  await page.goto(paymentPath(orderId));

  // The shop's own card fields are gone: Stripe's frame takes the card. An expiry and a code unlikely
  // to be anywhere else, so that finding them means the card leaked.
  await expect(page.getByLabel("Expiry (MM / YY)")).toHaveCount(0);
  const year = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0");
  await typeCardIntoProviderField(page, "4242 4242 4242 4242", { expiry: `11 / ${year}`, cvc: "739" });
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  expect(await orderStatus(page, orderId)).toBe("paid");

  // The capture must hold bodies, the payment call's first: a capture without them proves nothing.
  const payment = sent.filter((request) => request.method === "POST" && request.url.includes("/merchandise/order/payment"));
  expect(payment.length, "payment calls captured").toBeGreaterThan(0);
  expect(
    payment.filter((request) => request.body === ""),
    "payment calls captured without their body",
  ).toEqual([]);

  const card = [
    { what: "the card number, with or without spaces or dashes", pattern: /4242[\s-]*4242[\s-]*4242[\s-]*4242/ },
    { what: "the expiry", pattern: new RegExp(`(?<![0-9])11\\s*/?\\s*(20)?${year}(?![0-9])`) },
    { what: "the security code", pattern: /(?<![0-9A-Za-z])739(?![0-9A-Za-z])/ },
    { what: "card field names", pattern: /"(cvc|number|exp_month|exp_year)"|\b(cvc|exp_month|exp_year)=/ },
  ];
  for (const request of sent) {
    for (const text of readings(request)) {
      for (const { what, pattern } of card) expect(text, `${what} in ${request.method} ${request.url}`).not.toMatch(pattern);
    }
  }
});

test("the bank's 3-D Secure check opens over the page, and passing it pays the order", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(orderId));
  await typeCardIntoProviderField(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  const challenge = page.frameLocator('iframe[src*="/3ds/challenge"]');
  await expect(challenge.getByRole("heading", { name: "3D Secure test payment" })).toBeVisible();
  await challenge.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  expect(await orderStatus(page, orderId)).toBe("paid");
});

test("a declined card or a failed bank check says why and keeps the order payable; a good card then pays", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(orderId));

  await typeCardIntoProviderField(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();

  await typeCardIntoProviderField(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await page.frameLocator('iframe[src*="/3ds/challenge"]').getByRole("button", { name: "Fail authentication" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /authenticate|could not/i })).toBeVisible();
  expect(await orderStatus(page, orderId)).toBe("pending_payment");

  await typeCardIntoProviderField(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
});

test("a card kept with one payment pays the next order without typing it again", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const first = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(first));
  await typeCardIntoProviderField(page, "5555 5555 5555 4444");
  await page.getByLabel("Save this card for next time").check();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();

  const second = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(second));
  await expect(page.getByRole("radio", { name: /Mastercard ending 4444/ })).toBeChecked();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  expect(await orderStatus(page, second)).toBe("paid");
});

test("only the payment page loads Stripe, and its policy names Stripe's origin for exactly the script, frames and calls", async ({
  page,
  stripeDouble,
}) => {
  const stripeOrigin = new URL(stripeDouble).origin;
  const toStripe: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin === stripeOrigin) toStripe.push(new URL(request.url()).pathname);
  });
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);

  for (const path of ["/", "/waterpurifier", "/account/user", `/account/orders/${orderId}`]) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"] ?? "", path).not.toContain(stripeOrigin);
  }
  await page.waitForLoadState("networkidle");
  expect(toStripe, "Stripe requests before the payment page").toEqual([]);

  const response = await page.goto(paymentPath(orderId));
  const policy = new Map(
    (response?.headers()["content-security-policy"] ?? "").split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
  expect(policy.get("script-src")).toContain(stripeOrigin);
  expect(policy.get("frame-src")).toEqual([stripeOrigin]);
  expect(policy.get("connect-src")).toEqual(["'self'", stripeOrigin]);
  await expect(page.frameLocator('[data-testid="provider-card"] iframe').getByLabel("Card number")).toBeVisible();
  expect(toStripe).toContain("/v3");
});
