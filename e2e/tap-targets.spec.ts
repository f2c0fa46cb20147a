import type { Page } from "@playwright/test";
import { DEMO_CATALOGUE } from "@/lib/db/seed/catalogue";
import {
  PUBLIC_PAGES,
  ROUTES,
  consoleAfterSalePath,
  consoleOrderPath,
  consoleProductPath,
  orderPath,
  paymentPath,
  productPath,
} from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { TEST_ADDRESS, expect, isMobileProject, registerFreshCustomer, signInWithCart, test } from "./fixtures";
import { buyNowThroughApi, deliveredOrder, sendAfterSaleRequest, signInAsOperator, withOperator } from "./shop-api";
import { tapTargetProblems, type TapTargetOptions } from "./support/tap-targets";

// Every page and every open dialog, at desktop and phone size: each button, link and field is at
// least 44 × 44 px to a finger, and nothing fixed (top bar, chat button, back to top) lies over one.
// A new page joins by adding its address to a list below.

/** Results per page or dialog, so a failure names where. */
type Findings = Record<string, string[]>;

async function check(findings: Findings, page: Page, name: string, options?: TapTargetOptions) {
  findings[name] = await tapTargetProblems(page, options);
}

function expectNone(findings: Findings) {
  expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((name) => [name, []])));
}

/** One product page of every kind the catalogue has (purifier, filter, plan, care, repair, accessory). */
const PRODUCT_SKUS = [...new Map(DEMO_CATALOGUE.map((entry) => [entry.category, entry.skuNum])).values()];

const VISITOR_PAGES = [
  ...PUBLIC_PAGES.map(({ path }) => path),
  ...PRODUCT_SKUS.map(productPath),
  `${ROUTES.deals}/spring`,
  ROUTES.login,
  ROUTES.register,
  ROUTES.resetPassword,
  "/no-such-page",
];

test.describe("tap targets and fixed elements", () => {
  for (const path of VISITOR_PAGES) {
    test(`${path}: every control is large enough and uncovered`, async ({ page }) => {
      await page.goto(path);
      expectNone({ [path]: await tapTargetProblems(page) });
    });
  }

  test("the FAQ with every answer open: the links that end the answers too", async ({ page }) => {
    await page.goto(ROUTES.faq);
    const answers = page.locator("details");
    expect(await answers.count()).toBeGreaterThan(10);
    await answers.evaluateAll((all) => all.forEach((details) => details.setAttribute("open", "")));
    await expect(page.getByRole("link", { name: "Shipping policy" })).toBeVisible();
    expectNone({ [`${ROUTES.faq}, open`]: await tapTargetProblems(page) });
  });

  test("the menus and the account menu, open", async ({ page }, testInfo) => {
    const findings: Findings = {};
    await page.goto(ROUTES.faq);
    const header = page.locator("header");
    if (isMobileProject(testInfo.project.name)) {
      const menu = header.getByRole("button", { name: "Open menu" });
      // Read before the click: the open button is named "Close menu", so this locator stops matching.
      const panel = await menu.getAttribute("aria-controls");
      await menu.click();
      await check(findings, page, "mobile menu", { within: `[id="${panel}"]` });
      await page.keyboard.press("Escape");
    } else {
      const product = header.getByRole("button", { name: "Product" });
      await product.click();
      await check(findings, page, "Product menu", { within: `[id="${await product.getAttribute("aria-controls")}"]` });
      await page.keyboard.press("Escape");
    }
    const account = header.getByRole("button", { name: /^Account menu/ });
    await account.click();
    await check(findings, page, "account menu", { within: `[id="${await account.getAttribute("aria-controls")}"]` });
    expectNone(findings);
  });

  test("the cart drawer and its delete confirmation, and the account page", async ({ page }) => {
    const findings: Findings = {};
    await signInWithCart(page, 2);
    await page.goto(ROUTES.account);
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    await check(findings, page, "account");
    await page.locator("header").getByRole("button", { name: /^Cart/ }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await check(findings, page, "cart drawer", { within: '[data-testid="cart-drawer"]' });
    await page
      .getByTestId("cart-line")
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect(page.getByTestId("cart-delete-confirmation")).toBeVisible();
    await check(findings, page, "delete confirmation", { within: '[data-testid="cart-delete-confirmation"]' });
    expectNone(findings);
  });

  test("empty order and after-sale lists, an unpaid order, its cancel dialog and its payment page", async ({ page }) => {
    test.slow();
    const findings: Findings = {};
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    for (const path of [ROUTES.orders, ROUTES.afterSale, ROUTES.repairRequest, ROUTES.purifiers]) {
      await page.goto(path);
      await check(findings, page, `${path} (empty)`);
    }
    const orderId = await buyNowThroughApi(page, "LW-ACC-TDS", 2);
    await page.goto(ROUTES.orders);
    await expect(page.getByRole("article")).toHaveCount(1);
    await check(findings, page, "order list");
    await page.goto(orderPath(orderId));
    await expect(page.getByRole("link", { name: "Pay now" })).toBeVisible();
    await check(findings, page, "unpaid order");
    await page.getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByTestId("cancel-order-dialog")).toBeVisible();
    await check(findings, page, "cancel order dialog", { within: '[data-testid="cancel-order-dialog"]' });
    await page.getByRole("button", { name: "Keep order" }).click();
    await page.goto(paymentPath(orderId));
    await expect(page.getByTestId("order-total")).toBeVisible();
    await check(findings, page, "payment page");
    expectNone(findings);
  });

  test("a delivered order, its after-sale dialog, the request's page and its cancel dialog, and the repair page", async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow();
    const findings: Findings = {};
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await withOperator(playwright, baseURL, async (operator) => {
      const orderId = await deliveredOrder(page, operator, "LW-F2-RO", 1);
      await deliveredOrder(page, operator, PURIFIER_SKU, 1);
      await page.goto(orderPath(orderId));
      await check(findings, page, "delivered order");
      await page.getByRole("button", { name: /^Request after-sale service/ }).click();
      await expect(page.getByTestId("apply-after-sale-dialog")).toBeVisible();
      await check(findings, page, "after-sale dialog", { within: '[data-testid="apply-after-sale-dialog"]' });
      await sendAfterSaleRequest(page, {
        type: "Return",
        reason: "Damaged on arrival",
        description: "The seal was cracked when it arrived.",
      });
      await expect(page).toHaveURL(/\/account\/after-sale\/[0-9a-f-]{36}$/);
      const afterSaleId = new URL(page.url()).pathname.split("/").pop() ?? "";
      await expect(page.getByRole("button", { name: "Cancel request" })).toBeVisible();
      await check(findings, page, "after-sale request");
      await page.getByRole("button", { name: "Cancel request" }).click();
      await expect(page.getByTestId("cancel-after-sale-dialog")).toBeVisible();
      await check(findings, page, "cancel request dialog", { within: '[data-testid="cancel-after-sale-dialog"]' });
      await page.getByRole("button", { name: "Keep request" }).click();
      await page.goto(ROUTES.afterSale);
      await expect(page.getByRole("article")).toHaveCount(1);
      await check(findings, page, "after-sale list");
      await page.goto(ROUTES.repairRequest);
      await page.getByRole("button", { name: /^Request a repair/ }).click();
      await expect(page.getByTestId("apply-after-sale-dialog")).toBeVisible();
      await check(findings, page, "repair request dialog", { within: '[data-testid="apply-after-sale-dialog"]' });
      await page.keyboard.press("Escape");
      await check(findings, page, "repair request page");
      await signInAsOperator(page);
      await page.goto(consoleAfterSalePath(afterSaleId));
      await check(findings, page, "the request in the console");
    });
    expectNone(findings);
  });

  test("the operator console pages", async ({ page }) => {
    test.slow();
    const findings: Findings = {};
    // A customer's order for the console's order page (the request's page is checked above).
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    const orderId = await buyNowThroughApi(page, "LW-ACC-TDS", 1);
    await signInAsOperator(page);
    for (const path of [
      ROUTES.console,
      ROUTES.consoleOrders,
      consoleOrderPath(orderId),
      ROUTES.consoleAfterSale,
      ROUTES.consoleCatalogue,
      consoleProductPath(PURIFIER_SKU),
      ROUTES.consolePlans,
      ROUTES.consoleReferrals,
      ROUTES.consolePurifiers,
      ROUTES.consoleFilterShipments,
    ]) {
      await page.goto(path);
      await check(findings, page, path);
    }
    expectNone(findings);
  });
});
