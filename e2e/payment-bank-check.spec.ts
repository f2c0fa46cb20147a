import type { Page } from "@playwright/test";
import { paymentPath } from "@/lib/config/routes";
import { expect, registerFreshCustomer, test, TEST_ADDRESS } from "./fixtures";
import { buyNowThroughApi } from "./shop-api";
import { fillTestCard } from "./card-fields";

// Test mode's bank check (3-D Secure): the card 4000 0025 0000 3155 asks for it, and the payment
// page's dialog stands in for the bank, passing or failing it.

/** Pays with the card the bank checks, and opens the Test mode bank's dialog from the panel. */
async function payAndOpenTheBank(page: Page) {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  const orderId = await buyNowThroughApi(page, "LW-F1-PP", 1);
  await page.goto(paymentPath(orderId));
  await expect(page.getByText(/4000 0025 0000 3155 — .*3-D Secure/)).toBeVisible();
  await fillTestCard(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  const panel = page.getByTestId("bank-check");
  await expect(panel.getByRole("heading", { name: "Your bank asks you to confirm this payment" })).toBeVisible();
  await panel.getByRole("button", { name: "Confirm with your bank" }).click();
  // An accessible dialog, named by its title (headlessui's outer element has no box of its own: its panel shows).
  await expect(page.getByRole("dialog", { name: "Your bank's check (Test mode)" })).toHaveCount(1);
  const dialog = page.getByTestId("test-bank-check");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("stands in for your bank's 3-D Secure check");
  return { orderId, dialog };
}

async function orderStatus(page: Page, orderId: string): Promise<string> {
  const order = await page.request.get(`/api/v1/c/merchandise/order/get?orderId=${orderId}`);
  return ((await order.json()) as { data: { status: string } }).data.status;
}

test("a card the bank checks pays once the customer passes the check in Test mode's dialog", async ({ page }) => {
  const { orderId, dialog } = await payAndOpenTheBank(page);
  // Escape closes the dialog and answers nothing: the payment still waits.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await orderStatus(page, orderId)).toBe("pending_payment");
  await page.getByTestId("bank-check").getByRole("button", { name: "Confirm with your bank" }).click();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  expect(await orderStatus(page, orderId)).toBe("paid");
});

test("a failed bank check shows the bank's refusal, and Pay with another card then pays", async ({ page }) => {
  const { orderId, dialog } = await payAndOpenTheBank(page);
  await dialog.getByRole("button", { name: "Fail" }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole("alert").filter({ hasText: "Your bank's check was not completed, so the payment did not go through." }),
  ).toBeVisible();
  await expect(page.getByTestId("bank-check")).toBeHidden();
  expect(await orderStatus(page, orderId)).toBe("pending_payment");
  const pay = page.getByRole("button", { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await pay.click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
});
