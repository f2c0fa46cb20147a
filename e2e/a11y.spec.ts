import { PUBLIC_PAGES, ROUTES, orderPath } from "@/lib/config/routes";
import { TEST_ADDRESS, expect, registerFreshCustomer, signInWithCart, test } from "./fixtures";
import { deliveredOrder, sendAfterSaleRequest, withOperator } from "./shop-api";
import { axeViolations } from "./support/axe";

test.describe("accessibility (axe)", () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path} has no accessibility violation`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("load");
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  for (const query of ["replacement filter", "qqqzzz"]) {
    test(`the search page for "${query}" has no accessibility violation`, async ({ page }) => {
      await page.goto(`${ROUTES.search}?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the login page, with its errors shown, has no accessibility violation", async ({ page }) => {
    await page.goto(ROUTES.login);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Enter your password.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const path of [ROUTES.register, ROUTES.resetPassword]) {
    test(`${path} has no accessibility violation`, async ({ page }) => {
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the account page, with its errors shown, has no accessibility violation", async ({ page }) => {
    await signInWithCart(page, 0);
    await page.goto(ROUTES.account);
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("ZIP code").fill("7700");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Enter a 5-digit ZIP code (or ZIP+4).")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the order list (empty and with an order) and an order's page, forms and dialog open, have no accessibility violation", async ({
    page,
  }) => {
    // Five axe runs on one page take most of the default 30 s.
    test.slow();
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await page.goto(ROUTES.orders);
    await expect(page.getByText("No orders yet")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const response = await page.request.post("/api/v1/c/merchandise/order/add", { data: { skuNum: "LW-ACC-TDS", quantity: 2 } });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as { data: { orderId: string } };
    await page.goto(ROUTES.orders);
    await expect(page.getByRole("article")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(orderPath(data.orderId));
    await expect(page.getByRole("link", { name: "Pay now" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Change address or shipping" }).click();
    await page.getByLabel("ZIP code").fill("7700");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Enter a 5-digit ZIP code (or ZIP+4).")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Keep as it was" }).click();
    await page.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByTestId("cancel-order-dialog")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the after-sale list (empty and with a request), the apply dialog with its errors, a request's page and the repair start page have no accessibility violation", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Six axe runs and a delivered order take most of the default 30 s.
    test.slow();
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await page.goto(ROUTES.afterSale);
    await expect(page.getByText("No after-sale requests yet")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(ROUTES.repairRequest);
    await expect(page.getByText("No purifier to repair")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await withOperator(playwright, baseURL, async (operator) => {
      const orderId = await deliveredOrder(page, operator, "LW-F2-RO", 1);
      await page.goto(orderPath(orderId));
      await page.getByRole("button", { name: /^Request after-sale service/ }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
      await expect(page.getByRole("dialog").getByText("Choose a reason from the list.")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await sendAfterSaleRequest(page, {
        type: "Return",
        reason: "Damaged on arrival",
        description: "The seal was cracked when it arrived.",
      });
      await expect(page).toHaveURL(/\/account\/after-sale\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("button", { name: "Cancel request" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(ROUTES.afterSale);
      await expect(page.getByRole("article")).toHaveCount(1);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  test("the 404 page has no accessibility violation", async ({ page }) => {
    await page.goto("/no-such-page");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("open menus and the cart drawer have no accessibility violation", async ({ page }) => {
    // Four axe runs over the whole page (the drawer and menus sit on top of the FAQ) and a sign-in.
    test.slow();
    await signInWithCart(page, 2);
    await page.goto(ROUTES.faq);
    const menuButton = page.getByRole("button", { name: /Open menu|Product/ }).first();
    await menuButton.click();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page
      .locator("header")
      .getByRole("button", { name: /Account menu/ })
      .click();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.locator("header").getByRole("button", { name: /^Cart/ }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByTestId("cart-line")
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect(page.getByTestId("cart-delete-confirmation")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
