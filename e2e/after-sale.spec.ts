import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { CARE_SKU } from "@/lib/config/catalog";
import { PURIFIER_SKU } from "@/lib/config/store";
import { ROUTES, afterSalePath, orderPath } from "@/lib/config/routes";
import { afterSaleNumber } from "@/lib/display/after-sale-display";
import { TEST_ADDRESS, expect, registerFreshCustomer, test } from "./fixtures";
import {
  applyAfterSaleThroughApi,
  buyNowThroughApi,
  deliveredOrder,
  payThroughApi,
  sendAfterSaleRequest,
  verifiedPurifierThroughApi,
  withOperator,
} from "./shop-api";

// After the sale, each test with a customer of its own and a delivered order made through the real
// calls (buy now, pay, the operator ships and delivers). The operator works from its own request
// context, as the console would.

const REQUEST_PAGE = /\/account\/after-sale\/([0-9a-f-]{36})$/;
const FILTER_NAME = "RO membrane cartridge";
const PURIFIER_NAME = "Lenwell RO600 Countertop Reverse-Osmosis Water Purifier";

/** The request's id from the address of its page. */
function afterSaleIdOf(page: Page): string {
  const id = REQUEST_PAGE.exec(new URL(page.url()).pathname)?.[1];
  if (!id) throw new Error(`Not a request page: ${page.url()}`);
  return id;
}

const statusBadge = (page: Page, status: string) =>
  page.getByRole("heading", { level: 1 }).locator("..").getByText(status, { exact: true });

test.describe("after-sale service", () => {
  test("a return on a delivered order: applied for, approved, sent back with tracking, received and completed with the refund shown", async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow();
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await withOperator(playwright, baseURL, async (operator) => {
      const orderId = await deliveredOrder(page, operator, "LW-F2-RO", 2);
      await page.goto(orderPath(orderId));
      await page.getByRole("button", { name: `Request after-sale service for ${FILTER_NAME}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
      await expect(page.getByRole("dialog").getByText("Choose a reason from the list.")).toBeVisible();
      await sendAfterSaleRequest(page, {
        type: "Return",
        quantity: 1,
        reason: "Not as described",
        description: "The cartridge does not fit my purifier.",
      });

      await expect(page).toHaveURL(REQUEST_PAGE);
      const afterSaleId = afterSaleIdOf(page);
      await expect(page.getByRole("heading", { level: 1, name: `Request #${afterSaleNumber(afterSaleId)}` })).toBeVisible();
      await expect(statusBadge(page, "Under review")).toBeVisible();
      await expect(page.getByRole("list", { name: "Request history" }).getByText("Request received")).toBeVisible();

      await page.goto(`${ROUTES.afterSale}?status=pending_review`);
      await expect(page.getByRole("link", { name: `Request #${afterSaleNumber(afterSaleId)}` })).toBeVisible();

      await operator("after-sale/approve", { afterSaleId });
      await page.goto(afterSalePath(afterSaleId));
      await expect(statusBadge(page, "Approved")).toBeVisible();
      const returnSection = page.getByRole("region", { name: "Return address" });
      await expect(returnSection.getByText(/Houston, TX 77002/)).toBeVisible();
      await returnSection.getByLabel("Carrier").fill("UPS");
      await returnSection.getByRole("button", { name: "Send tracking number" }).click();
      await expect(returnSection.getByText(/Enter the tracking number/)).toBeVisible();
      await returnSection.getByLabel("Tracking number").fill("1Z999AA10123456785");
      await returnSection.getByRole("button", { name: "Send tracking number" }).click();
      await expect(statusBadge(page, "On its way back")).toBeVisible();
      await expect(returnSection.getByText("1Z999AA10123456785")).toBeVisible();

      await operator("after-sale/receive", { afterSaleId });
      const completed = await operator<{ refunded: string }>("after-sale/complete", { afterSaleId });
      await page.reload();
      await expect(statusBadge(page, "Completed")).toBeVisible();
      const refundRow = page.getByRole("region", { name: "Your request" }).getByText("Refunded", { exact: true }).locator("..");
      await expect(refundRow).toContainText(`$${completed.refunded}`);
      const history = page.getByRole("list", { name: "Request history" });
      for (const step of [
        "Request received",
        "Approved: send the goods back",
        "Goods sent back",
        "Goods received by Lenwell",
        "Completed",
      ]) {
        await expect(history.getByText(step, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole("button", { name: "Cancel request" })).toHaveCount(0);

      await page.goto(orderPath(orderId));
      await expect(page.getByRole("region", { name: "Items" }).getByText("Refunded", { exact: true }).locator("..")).toContainText(
        `$${completed.refunded}`,
      );
    });
  });

  test("a customer cancels a pending request; the units can be asked for again", async ({ page, playwright, baseURL }) => {
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await withOperator(playwright, baseURL, async (operator) => {
      const orderId = await deliveredOrder(page, operator, "LW-F2-RO", 1);
      const afterSaleId = await applyAfterSaleThroughApi(page, {
        orderId,
        skuNum: "LW-F2-RO",
        quantity: 1,
        type: "refund",
        reason: "Wrong item",
        description: "A different cartridge came in the box.",
      });

      await page.goto(orderPath(orderId));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: /Request after-sale service/ })).toHaveCount(0);

      await page.goto(afterSalePath(afterSaleId));
      await expect(statusBadge(page, "Under review")).toBeVisible();
      // With the keyboard: Enter opens the confirmation, Escape closes it and gives focus back.
      const cancelButton = page.getByRole("button", { name: "Cancel request" });
      await cancelButton.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Cancel this request?" });
      await expect(dialog.getByRole("button", { name: "Keep request" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(cancelButton).toBeFocused();
      await page.getByRole("button", { name: "Cancel request" }).click();
      await dialog.getByRole("button", { name: "Keep request" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(statusBadge(page, "Under review")).toBeVisible();
      await page.getByRole("button", { name: "Cancel request" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel request" }).click();
      await expect(statusBadge(page, "Cancelled")).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel request" })).toHaveCount(0);
      await page.reload();
      await expect(statusBadge(page, "Cancelled")).toBeVisible();

      await page.goto(`${ROUTES.afterSale}?status=cancelled`);
      await expect(page.getByRole("link", { name: `Request #${afterSaleNumber(afterSaleId)}` })).toBeVisible();
      await page.goto(orderPath(orderId));
      await expect(page.getByRole("button", { name: `Request after-sale service for ${FILTER_NAME}` })).toBeVisible();
    });
  });

  test("a request the operator rejects shows the reason, and its units can be asked for again", async ({ page, playwright, baseURL }) => {
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await withOperator(playwright, baseURL, async (operator) => {
      const orderId = await deliveredOrder(page, operator, "LW-F2-RO", 1);
      const afterSaleId = await applyAfterSaleThroughApi(page, {
        orderId,
        skuNum: "LW-F2-RO",
        quantity: 1,
        type: "exchange",
        reason: "Other",
        description: "I would like the other size instead.",
      });
      await operator("after-sale/reject", { afterSaleId, reason: "This cartridge comes in one size only." });

      await page.goto(afterSalePath(afterSaleId));
      await expect(statusBadge(page, "Rejected")).toBeVisible();
      await expect(page.getByRole("region", { name: "Why it was rejected" })).toContainText("This cartridge comes in one size only.");
      await expect(page.getByRole("button", { name: "Cancel request" })).toHaveCount(0);
      await expect(page.getByRole("form", { name: "Tracking details" })).toHaveCount(0);
      await page.goto(orderPath(orderId));
      await expect(page.getByRole("button", { name: `Request after-sale service for ${FILTER_NAME}` })).toBeVisible();
    });
  });

  test("a repair request from /repair for the purifier the customer bought", async ({ page, playwright, baseURL }) => {
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await page.goto(ROUTES.repairRequest);
    await expect(page.getByText("No purifier to repair")).toBeVisible();
    await withOperator(playwright, baseURL, async (operator) => {
      const orderId = await deliveredOrder(page, operator, PURIFIER_SKU, 1);
      await page.goto(ROUTES.repair);
      await page.getByRole("link", { name: "Start a repair request" }).first().click();
      await expect(page).toHaveURL(ROUTES.repairRequest);
      const purifiers = page.getByRole("list", { name: "Your purifiers" });
      await expect(purifiers.getByRole("link", { name: /^Order #/ })).toHaveAttribute("href", orderPath(orderId));
      await purifiers.getByRole("button", { name: `Request a repair for ${PURIFIER_NAME}` }).click();
      await expect(page.getByRole("dialog").getByRole("heading", { name: "Repair request" })).toBeVisible();
      // The purifier was registered at delivery; without Lenwell Care the diagnosis fee is stated.
      await expect(page.getByRole("dialog").getByLabel("Which purifier?")).toBeVisible();
      await expect(page.getByRole("dialog").getByTestId("repair-terms")).toContainText("is credited against the repair");
      await sendAfterSaleRequest(page, { reason: "Stopped working", description: "The pump hums but no water comes out." });

      await expect(page).toHaveURL(REQUEST_PAGE);
      await expect(statusBadge(page, "Under review")).toBeVisible();
      await expect(page.getByRole("region", { name: "Your request" }).getByText("Repair", { exact: true })).toBeVisible();
      await expect(page.getByRole("region", { name: "Repair costs" })).toContainText("credited against the repair");
      await page.goto(ROUTES.repairRequest);
      await expect(page.getByText("A request is already open for this purifier.")).toBeVisible();
    });
  });

  test("a purifier bought elsewhere and put on Lenwell Care is repaired with the fees waived", async ({ page, playwright, baseURL }) => {
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    const serial = `RO-${randomBytes(4).toString("hex").toUpperCase()}`;
    // Lenwell Care covers it once the operator has verified its proof of purchase.
    await withOperator(playwright, baseURL, (operator) => verifiedPurifierThroughApi(page, operator, serial));
    const careOrder = await buyNowThroughApi(page, CARE_SKU, 1);
    await payThroughApi(page, careOrder);

    await page.goto(ROUTES.repairRequest);
    const purifiers = page.getByRole("list", { name: "Your purifiers" });
    await expect(purifiers.getByText(`Serial ${serial} · bought elsewhere · Lenwell Care until`)).toBeVisible();
    await expect(purifiers.getByRole("link", { name: /^Lenwell Care, order #/ })).toHaveAttribute("href", orderPath(careOrder));
    await purifiers.getByRole("button", { name: `Request a repair for ${PURIFIER_NAME}` }).click();
    await expect(page.getByRole("dialog").getByTestId("repair-terms")).toContainText("Covered by Lenwell Care until");
    await sendAfterSaleRequest(page, { reason: "Stopped working", description: "The pump hums but no water comes out." });

    await expect(page).toHaveURL(REQUEST_PAGE);
    await expect(statusBadge(page, "Under review")).toBeVisible();
    await expect(page.getByRole("region", { name: "Covered by Lenwell Care" })).toContainText(serial);
    await page.goto(ROUTES.repairRequest);
    await expect(page.getByText("A repair request is already open for this purifier.")).toBeVisible();
  });

  test("a visitor who starts a repair request is sent to log in and brought back", async ({ page }) => {
    const customer = await registerFreshCustomer(page);
    await page.context().clearCookies();
    await page.goto(ROUTES.repair);
    await page.getByRole("link", { name: "Start a repair request" }).first().click();
    await expect(page).toHaveURL(ROUTES.login);
    await page.getByLabel("E-mail").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(ROUTES.repairRequest);
    await expect(page.getByRole("heading", { level: 1, name: "Start a repair request" })).toBeVisible();
  });
});
