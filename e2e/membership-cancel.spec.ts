import type { Page } from "@playwright/test";
import { ROUTES, productPath } from "@/lib/config/routes";
import { TEST_ADDRESS, expect, registerFreshCustomer, test } from "./fixtures";
import { payOnPaymentPage } from "./shop-api";

// The membership's card and its cancel, as a member meets them: the payment page says the card is
// kept for renewals, the account page names it, and "Cancel membership" states exactly what happens.

async function buyPlan(page: Page, sku: string) {
  await page.goto(productPath(sku));
  await page.getByRole("button", { name: "Buy now" }).click();
  // The order is made and the payment page rendered on the server: slower than a click.
  await expect(page).toHaveURL(/\/mart\/payment\?orderId=/, { timeout: 20_000 });
  await expect(page.getByTestId("renewal-card-note")).toContainText("we keep this card and charge the renewals to it until you cancel");
  await expect(page.getByLabel("Save this card for next time")).toHaveCount(0);
  await payOnPaymentPage(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
}

test.describe("membership renewal card and cancel", () => {
  // A purchase, the account page and a dialog in each journey: longer than most tests.
  test.slow();

  test("a yearly member sees the renewal card, cancels, and is told the refund of the unused months", async ({ page }) => {
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await buyPlan(page, "LW-MEM-Y");

    await page.goto(ROUTES.account);
    const renewal = page.getByTestId("membership-renewal");
    await expect(renewal.getByText(/Renews on .* with/)).toContainText("Visa •••• 4242");
    await renewal.getByRole("button", { name: "Cancel membership" }).click();
    const dialog = page.getByTestId("cancel-membership-dialog");
    // Bought today: all 12 months are unused, so the $129.00 paid comes back (a plan carries no sales tax).
    await expect(dialog).toContainText("Your membership ends today. We refund $129.00 for 12 unused full months to Visa •••• 4242.");
    await dialog.getByRole("button", { name: "Yes, cancel membership" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("membership").getByText("Cancelled")).toBeVisible();
    // It ended with the cancel: the page says so, instead of "active until" a day that is already gone.
    const renewalNote = page.getByTestId("membership-renewal");
    await expect(renewalNote).toContainText(/Your membership ended on .+\. Nothing more will be charged\./);
    await expect(renewalNote).not.toContainText(/active until|then it stops/);
    await expect(page.getByRole("button", { name: "Cancel membership" })).toHaveCount(0);
  });

  test("a monthly member cancels and keeps the membership to the end of the month paid for", async ({ page }) => {
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await buyPlan(page, "LW-MEM-M");

    await page.goto(ROUTES.account);
    await page.getByRole("button", { name: "Cancel membership" }).click();
    const dialog = page.getByTestId("cancel-membership-dialog");
    await expect(dialog).toContainText(
      /Your membership stays active until .+, then stops\. It will not renew, and nothing more will be charged\./,
    );
    await dialog.getByRole("button", { name: "Yes, cancel membership" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("membership-renewal")).toContainText(/Cancelled: active until .+, then it stops\./);
    await expect(page.getByTestId("membership").getByText("Active")).toBeVisible();
  });
});
