import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import type { ApplyAfterSaleBody } from "@/lib/schemas/after-sale";
import { TEST_ADDRESS, expect } from "./fixtures";

// The real calls journeys use to set the scene: buy now, pay with the sandbox gateway's success card,
// and the operator's calls (docs/api.md, Operators) signed in as the demo operator.

export async function buyNowThroughApi(page: Page, skuNum: string, quantity: number): Promise<string> {
  const response = await page.request.post("/api/v1/c/merchandise/order/add", { data: { skuNum, quantity } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { orderId: string } }).data.orderId;
}

export async function payThroughApi(page: Page, orderId: string) {
  const response = await page.request.post("/api/v1/c/merchandise/order/payment", {
    data: {
      orderId,
      card: { number: "4242424242424242", expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: "123", name: TEST_ADDRESS.fullName },
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { data: { status: string } }).data.status).toBe("paid");
}

/** Asks for after-sale service as the signed-in customer; returns the new request's id. */
export async function applyAfterSaleThroughApi(page: Page, application: ApplyAfterSaleBody): Promise<string> {
  const response = await page.request.post("/api/v1/c/order/afterSale/apply", { data: application });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { afterSaleId: string } }).data.afterSaleId;
}

/** Signs the demo operator in on the page's own cookies (the console is then the page's to open). */
export async function signInAsOperator(page: Page) {
  const operator = demoOperator();
  await signInThroughApi(page, operator.email, operator.password);
}

/**
 * Signs an account in on the page's own cookies, after dropping whatever session they held. The page
 * leaves what it shows first: left open, a call of the old session's page meets a 401 once the
 * cookies are gone and sends the browser to the login page, in a race with the test's next goto (the
 * care plan's page once opened as the login page so).
 */
export async function signInThroughApi(page: Page, email: string, password: string) {
  await page.goto("about:blank");
  await page.context().clearCookies();
  const login = await page.request.post("/api/v1/c/ulogin/login", { data: { email, password } });
  expect(login.status()).toBe(200);
}

function demoOperator() {
  const operator = DEMO_ACCOUNTS.find((account) => account.role === "admin");
  if (!operator) throw new Error("No demo operator");
  return operator;
}

export type OperatorCall = <T = unknown>(path: string, data: object) => Promise<T>;

/** Signs the demo operator in on `request` (a context of its own) and returns a caller of /api/v1/admin/<path>. */
export async function operatorApi(request: APIRequestContext): Promise<OperatorCall> {
  const operator = demoOperator();
  const login = await request.post("/api/v1/c/ulogin/login", { data: { email: operator.email, password: operator.password } });
  expect(login.status()).toBe(200);
  return async <T>(path: string, data: object) => {
    const response = await request.post(`/api/v1/admin/${path}`, { data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
}

/**
 * Runs `body` with the demo operator's calls, signed in on a request context of its own (so the
 * page keeps the customer's session), and closes that context after.
 */
export async function withOperator<T>(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  body: (operator: OperatorCall) => Promise<T>,
): Promise<T> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    return await body(await operatorApi(request));
  } finally {
    await request.dispose();
  }
}

/** Fills the after-sale dialog the order page and the repair page open, and sends it. */
export async function sendAfterSaleRequest(page: Page, options: { type?: string; quantity?: number; reason: string; description: string }) {
  const dialog = page.getByRole("dialog");
  if (options.type) await dialog.getByRole("radio", { name: new RegExp(`^${options.type}`) }).check();
  if (options.quantity) await dialog.getByLabel("Quantity").fill(String(options.quantity));
  await dialog.getByLabel("Reason").selectOption(options.reason);
  await dialog.getByLabel("Description").fill(options.description);
  await dialog.getByRole("button", { name: "Send request" }).click();
}

/** A paid order of the signed-in customer, shipped and delivered by the operator. */
export async function deliveredOrder(page: Page, operator: OperatorCall, skuNum: string, quantity = 1): Promise<string> {
  const orderId = await buyNowThroughApi(page, skuNum, quantity);
  await payThroughApi(page, orderId);
  await operator("orders/ship", { orderId, carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
  await operator("orders/deliver", { orderId });
  return orderId;
}

/** Fills the payment page's card form with a test card (good until two years from now) and presses Pay. */
export async function payOnPaymentPage(page: Page, cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM / YY)").fill(`12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`);
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on the card").fill(TEST_ADDRESS.fullName);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

/** A small, well-formed PDF: what a scanned receipt starts and ends like. */
export const RECEIPT_PDF = Buffer.from("%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n");

/** Adds a purifier bought elsewhere for the signed-in customer; returns its id (it waits for verification). */
export async function addPurifierThroughApi(page: Page, serial: string, purchasedOn = "2026-01-15"): Promise<string> {
  const response = await page.request.post("/api/v1/c/purifier/add", { data: { serial, purchasedOn } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { purifierId: string } }).data.purifierId;
}

/** Attaches a proof of purchase (a PDF) to the signed-in customer's purifier, as the file form sends it. */
export async function attachProofThroughApi(page: Page, purifierId: string) {
  const response = await page.request.post("/api/v1/c/purifier/proof", {
    multipart: { purifierId, file: { name: "receipt.pdf", mimeType: "application/pdf", buffer: RECEIPT_PDF } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A purifier bought elsewhere that Lenwell Care may cover, reached the honest way: the signed-in
 * customer adds it and attaches its proof of purchase, and the operator verifies it.
 */
export async function verifiedPurifierThroughApi(page: Page, operator: OperatorCall, serial: string): Promise<string> {
  const purifierId = await addPurifierThroughApi(page, serial);
  await attachProofThroughApi(page, purifierId);
  await operator("purifiers/verify", { purifierId });
  return purifierId;
}
