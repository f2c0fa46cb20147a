import { ROUTES } from "@/lib/config/routes";
import { TEST_ADDRESS, expect, registerFreshCustomer, test } from "./fixtures";
import { buyNowThroughApi, payThroughApi, signInAsOperator } from "./shop-api";
import { axeViolations } from "./support/axe";

// The console's overview at desktop and phone size: the operator's first page, its charts drawn on
// the server (in the HTML before any script), each with its table, a period chosen by a plain form,
// a download, nothing wider than the screen, and no accessibility violation of any impact.

test.describe("console overview", () => {
  test("opens on the figures, charts with their tables, and passes axe", async ({ page }, testInfo) => {
    // A paid order today, so the charts have something to draw.
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await payThroughApi(page, await buyNowThroughApi(page, "LW-ACC-TDS", 1));
    await signInAsOperator(page);

    const html = await (await page.request.get(ROUTES.console)).text();
    expect(html).toContain("<svg");
    expect(html).toContain('aria-labelledby="revenue-title"');

    await page.goto(ROUTES.console);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Operator console" }).getByRole("link", { name: "Overview" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    for (const chart of [
      "Net revenue and orders per day",
      "Carts started, checkouts and paid orders",
      "Filter shipments due per week, next 12 weeks",
    ]) {
      await expect(page.getByRole("img", { name: chart })).toBeVisible();
    }
    await expect(page.getByRole("table", { name: "Net revenue and orders per day" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Filter stock against the next 12 weeks" })).toContainText("LW-F1-PP");
    await expect(page.getByRole("heading", { level: 2, name: "Membership" })).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("combobox", { name: "Period" }).selectOption("7d");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/period=7d/);
    await expect(page.getByRole("img", { name: "Net revenue and orders per day" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Net revenue and orders per day" }).getByRole("row")).toHaveCount(8);

    const download = await page.request.get((await page.getByRole("link", { name: "Orders (CSV)" }).getAttribute("href")) ?? "");
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(
      /^attachment; filename="lenwell-orders-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect((await download.text()).split("\r\n").length).toBeGreaterThan(2);
    await page.screenshot({ path: testInfo.outputPath("overview.png"), fullPage: true });
  });
});
