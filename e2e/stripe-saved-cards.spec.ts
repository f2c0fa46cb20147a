import { ROUTES } from "@/lib/config/routes";
import { expect, registerFreshCustomer, test, TEST_ADDRESS, typeCardIntoProviderField } from "./fixtures";

// The saved cards screen on Stripe: a card is added through a SetupIntent confirmed in Stripe's own
// field (3-D Secure included), then made the default and removed.

test("a customer adds cards in Stripe's field, passes the bank's check, picks a default and removes one", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  await page.goto(ROUTES.savedCards);
  await expect(page.getByText("No saved cards yet.")).toBeVisible();

  await typeCardIntoProviderField(page, "5555 5555 5555 4444");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mastercard ending 4444 is saved." })).toBeVisible();

  await typeCardIntoProviderField(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: "Save card" }).click();
  await page.frameLocator('iframe[src*="/3ds/challenge"]').getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visa ending 3155 is saved." })).toBeVisible();

  const list = page.getByTestId("saved-cards");
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Make default Visa ending 3155" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visa ending 3155 is now your default card." })).toBeVisible();

  await page.getByRole("button", { name: "Remove Mastercard ending 4444" }).click();
  await page.getByTestId("remove-card-dialog").getByRole("button", { name: "Yes, remove card" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mastercard ending 4444 was removed." })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);

  // The card kept here pays at checkout without being typed again.
  const listed = await page.request.get("/api/v1/c/user/saved_payments_methods");
  const cards = ((await listed.json()) as { data: { last4: string; isDefault: boolean }[] }).data;
  expect(cards).toEqual([expect.objectContaining({ last4: "3155", isDefault: true })]);
});

test("a declined card is not saved, and the screen says why", async ({ page }) => {
  await registerFreshCustomer(page, { address: TEST_ADDRESS });
  await page.goto(ROUTES.savedCards);
  await typeCardIntoProviderField(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
  await expect(page.getByText("No saved cards yet.")).toBeVisible();
});
