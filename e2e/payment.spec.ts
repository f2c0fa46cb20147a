import type { Page } from "@playwright/test";
import { PURIFIER_SKU } from "@/lib/config/store";
import { paymentPath } from "@/lib/config/routes";
import { expect, registerFreshCustomer, test, TEST_ADDRESS } from "./fixtures";
import { buyNowThroughApi } from "./shop-api";
import { fillTestCard } from "./card-fields";

// The payment page with the built-in sandbox gateway: a fresh customer buys through the API, then
// pays in the browser with the documented test cards.

/** Types the address field by field, as a customer does: no Save button, the page quotes it. */
async function typeAddress(page: Page, zip: string) {
  await page.getByLabel("Recipient").fill(TEST_ADDRESS.fullName);
  await page.getByLabel("Street address").fill(TEST_ADDRESS.line1);
  await page.getByLabel("City").fill(TEST_ADDRESS.city);
  await page.getByLabel("State").selectOption(TEST_ADDRESS.state);
  await page.getByLabel("ZIP code").fill(zip);
}

test("a customer pays a pending order with the test Visa and sees it paid", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, PURIFIER_SKU, 1);
  await page.goto(paymentPath(orderId));

  await expect(page.getByRole("heading", { name: "Test mode" })).toBeVisible();
  await expect(page.getByText("4242 4242 4242 4242 — Succeeds")).toBeVisible();
  await expect(page.getByLabel("Street address")).toHaveValue(TEST_ADDRESS.line1);
  const total = page.getByTestId("order-total");
  const before = await total.textContent();

  // Another shipping option: the server's new totals show.
  await page.getByRole("radio", { name: /Next Day/i }).check();
  await expect(total).not.toHaveText(before ?? "");
  await expect(page.getByRole("radio", { name: /Next Day/i })).toBeChecked();

  await fillTestCard(page, "4242 4242 4242 4242");
  const pay = page.getByRole("button", { name: /^Pay \$/ });
  await pay.click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByText(/is paid/)).toBeVisible();
  await expect(page.getByRole("link", { name: "View your order" })).toHaveAttribute("href", new RegExp(`/account/orders/${orderId}`));

  const order = await page.request.get(`/api/v1/c/merchandise/order/get?orderId=${orderId}`);
  expect(((await order.json()) as { data: { status: string } }).data.status).toBe("paid");
});

test("a declined card shows why, and a good card then pays", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(orderId));

  await fillTestCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay \$/ })).toBeEnabled();

  await page.getByLabel("Card number").fill("4242424242424241");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByText("Your card number is incorrect.")).toBeVisible();

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
});

test("an order of someone else is the 404 page", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.context().clearCookies();
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const response = await page.goto(paymentPath(orderId));
  expect(response?.status()).toBe(404);
});

test("a first payment takes the typed address without a Save button, keeps it as the default, and the next order starts from it", async ({
  page,
}) => {
  await registerFreshCustomer(page);
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(orderId));
  await expect(page.getByText("After the address")).toBeVisible();
  await expect(page.getByRole("button", { name: /Save address/ })).toHaveCount(0);
  const keep = page.getByRole("checkbox", { name: "Save as my default address" });
  await expect(keep).toBeChecked();

  // The tax and total follow the address as it is completed.
  await typeAddress(page, TEST_ADDRESS.zip);
  await expect(page.getByText("Sales tax (TX)")).toBeVisible();
  const pay = page.getByRole("button", { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  const total = (await page.getByTestId("order-total").textContent()) ?? "";
  await expect(pay).toHaveText(`Pay ${total}`);

  await fillTestCard(page, "5555 5555 5555 4444");
  await page.getByLabel("Save this card for next time").check();
  await pay.click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByText(`is paid: ${total}`)).toBeVisible();

  const profile = await page.request.get("/api/v1/c/user/profile");
  expect(((await profile.json()) as { data: { user: { defaultAddress: unknown } } }).data.user.defaultAddress).toEqual(TEST_ADDRESS);

  // The next order has the default address already: nothing to type, no box to tick.
  const next = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(next));
  await expect(page.getByLabel("ZIP code")).toHaveValue(TEST_ADDRESS.zip);
  await expect(page.getByText("Sales tax (TX)")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Save as my default address" })).toHaveCount(0);
  const saved = page.getByRole("radio", { name: /Mastercard ending 4444/ });
  await expect(saved).toBeChecked();
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
});

test("an incomplete address stops Pay with the error under its field, and losing nothing the customer can pay", async ({ page }) => {
  await registerFreshCustomer(page);
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(orderId));
  await typeAddress(page, "7700");
  await fillTestCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByText("Enter a 5-digit ZIP code (or ZIP+4).")).toBeVisible();
  await expect(page.getByLabel("ZIP code")).toBeFocused();
  await expect(page.getByLabel("ZIP code")).toHaveAttribute("aria-invalid", "true");

  // Everything typed is still there; putting the ZIP right is enough.
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await page.getByLabel("ZIP code").fill(TEST_ADDRESS.zip);
  await expect(page.getByText("Enter a 5-digit ZIP code (or ZIP+4).")).toHaveCount(0);
  await expect(page.getByText("Sales tax (TX)")).toBeVisible();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
});

test("the result of paying is brought into view and announced: a decline by the button, the receipt at the top", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(orderId));
  await expect(page.getByText("Sales tax (TX)")).toBeVisible();

  await fillTestCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  const declined = page.getByRole("alert").filter({ hasText: "Your card was declined." });
  await expect(declined).toBeInViewport();
  await expect(declined.locator("..")).toBeFocused();

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  const heading = page.getByRole("heading", { name: "Payment received" });
  // On a phone the Pay button sat far below the top: the receipt replaces the form and must not
  // be left above the screen with the footer in view.
  await expect(heading).toBeInViewport({ ratio: 1 });
  await expect(heading).toBeFocused();
  await expect(page.getByRole("status").filter({ has: heading })).toBeVisible();
  await expect(page.getByRole("link", { name: "View your order" })).toBeInViewport();
});

test("a cancelled order cannot be paid and leads back to the store", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
  expect((await page.request.post("/api/v1/c/merchandise/order/cancel", { data: { orderId } })).status()).toBe(200);
  await page.goto(paymentPath(orderId));
  await expect(page.getByRole("heading", { name: "This order was cancelled" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the store" }).click();
  await expect(page).toHaveURL(/\/mart$/);
});
