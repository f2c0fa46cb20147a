import type { Page } from "@playwright/test";

/** Types a test card into the payment page's own card fields (the sandbox gateway), valid for two more years. */
export async function fillTestCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill(`12 / ${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0")}`);
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on the card").fill("Sam Rivers");
}
