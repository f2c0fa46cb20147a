import { randomBytes } from "node:crypto";
import { ROUTES, productPath } from "@/lib/config/routes";
import { CARE_NEEDS_PURIFIER_MESSAGE } from "@/lib/display/purifier-display";
import { expect, registerFreshCustomer, test } from "./fixtures";
import { tapTargetProblems } from "./support/tap-targets";
import { axeViolations } from "./support/axe";

// My purifiers as a customer uses it, on a desktop and on a phone: add a purifier bought elsewhere,
// read its three filter stages, record a change, order a cartridge into the cart; and Lenwell Care
// pointing a customer without a purifier to add one first.

test.describe("My purifiers", () => {
  test("add a purifier, see its three filter stages, record a change and order a cartridge", async ({ page }) => {
    test.slow();
    await registerFreshCustomer(page);
    // From the account page, as a customer finds it.
    await page.goto(ROUTES.account);
    await page.getByRole("link", { name: "View my purifiers" }).click();
    await expect(page).toHaveURL(ROUTES.purifiers);
    await expect(page.getByRole("heading", { level: 1, name: "My purifiers" })).toBeVisible();
    await expect(page.getByText("No purifiers yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Buy the RO600 purifier" })).toHaveAttribute("href", productPath("LW-RO600"));
    expect(await axeViolations(page)).toEqual([]);
    expect(await tapTargetProblems(page)).toEqual([]);

    const form = page.getByRole("form", { name: "Add a purifier" });
    await form.getByRole("button", { name: "Add purifier" }).click();
    await expect(form.getByText("Enter the serial number as printed on the label.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const serial = `RO-${randomBytes(4).toString("hex").toUpperCase()}`;
    await form.getByLabel("Serial number").fill(serial.toLowerCase());
    await form.getByLabel("Purchase date").fill("2026-01-15");
    await form.getByRole("button", { name: "Add purifier" }).click();
    await expect(page.getByText(`Serial ${serial}`)).toBeVisible();

    const bars = page.getByRole("progressbar");
    await expect(bars).toHaveCount(3);
    await expect(page.getByRole("progressbar", { name: "Stage 1: Composite pre-filter (PP + carbon)" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Stage 2: RO membrane cartridge" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Stage 3: Post-carbon taste cartridge" })).toBeVisible();
    await expect(page.getByText("Not on Lenwell Care.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await tapTargetProblems(page)).toEqual([]);

    const preFilter = page.getByRole("progressbar", { name: "Stage 1: Composite pre-filter (PP + carbon)" });
    expect(Number(await preFilter.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    await page.getByRole("button", { name: "I changed it" }).first().click();
    await expect(preFilter).toHaveAttribute("aria-valuenow", "0");
    // The change is the server's: it is still there after a reload.
    await page.reload();
    await expect(page.getByRole("progressbar", { name: "Stage 1: Composite pre-filter (PP + carbon)" })).toHaveAttribute(
      "aria-valuenow",
      "0",
    );

    await page.getByRole("button", { name: "Order this filter" }).nth(1).click();
    const drawer = page.getByTestId("cart-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText("RO membrane cartridge")).toBeVisible();
  });

  test("Lenwell Care asks a customer without a purifier to add one first", async ({ page }) => {
    await registerFreshCustomer(page);
    await page.goto(productPath("LW-CARE-2Y"));
    await expect(page.getByText(CARE_NEEDS_PURIFIER_MESSAGE)).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    await page.getByRole("link", { name: "Add my purifier" }).click();
    await expect(page).toHaveURL(ROUTES.purifiers);
    // The server says the same to a call made anyway.
    const refused = await page.request.post("/api/v1/c/order/cart/add/", { data: { skuNum: "LW-CARE-2Y", quantity: 1 } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { errmsg: string }).errmsg).toBe(CARE_NEEDS_PURIFIER_MESSAGE);
  });
});
