import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { PUBLIC_PAGES, ROUTES } from "@/lib/config/routes";
import { expect, signInWithCart, test } from "./fixtures";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}

test.describe("accessibility (axe)", () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("load");
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("the login page, with its errors shown, has no serious or critical violations", async ({ page }) => {
    await page.goto(ROUTES.login);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Enter your password.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const path of [ROUTES.register, ROUTES.resetPassword]) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("the 404 page has no serious or critical violations", async ({ page }) => {
    await page.goto("/no-such-page");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("open menus and the cart drawer have no serious or critical violations", async ({ page }) => {
    await signInWithCart(page, 2);
    await page.goto(ROUTES.faq);
    const menuButton = page.getByRole("button", { name: /Open menu|Product/ }).first();
    await menuButton.click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.locator("header").getByRole("button", { name: /Account menu/ }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.locator("header").getByRole("button", { name: /^Cart/ }).click();
    await expect(page.getByTestId("cart-drawer")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
