import type { Page } from "@playwright/test";
import { ROUTES } from "@/lib/config/routes";
import { STYLESHEET_SUBSET_ATTRIBUTE } from "@/lib/config/stylesheet";
import { PRODUCT_ROUTE } from "@/scripts/bench/budgets";
import { expect, test } from "./fixtures";

// A page served from the cache carries only the part of the stylesheet its HTML uses, and the
// browser loads the whole sheet once the page has started (docs/decisions/0051). A rule the cut
// left out, or the whole sheet ordering a rule differently, would draw the page otherwise than the
// whole sheet does: every element's computed style is compared, both ways, at both sizes.

const CACHED_PAGES = [PRODUCT_ROUTE, "/about/contactus", "/about/policy"];

/** Every element's computed style, each property by name, in document order. */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")].map((element, index) => {
      const style = getComputedStyle(element);
      const properties = [...style].sort().map((name) => `${name}:${style.getPropertyValue(name)}`);
      return `${index} ${element.tagName.toLowerCase()} ${properties.join(";")}`;
    }),
  );
}

/** Whether the whole sheet, as a file, has arrived and applies to the page. */
function wholeSheetApplied(page: Page): Promise<boolean> {
  return page.evaluate(
    (file) =>
      [...document.styleSheets].some((sheet) => {
        if (!sheet.href?.includes(file)) return false;
        // A sheet that failed to load has no rules to read, and says so by throwing.
        try {
          return sheet.cssRules.length > 0;
        } catch {
          return false;
        }
      }),
    ROUTES.stylesheetFile,
  );
}

/** The page once a visitor has it from the cache (the first answer renders it, the next is the cached one). */
async function openCached(page: Page, route: string): Promise<void> {
  await page.request.get(route);
  await page.goto(route);
  await expect(page.locator(`style[${STYLESHEET_SUBSET_ATTRIBUTE}]`)).toHaveCount(1);
}

for (const route of CACHED_PAGES) {
  test(`${route} is drawn by the part of the sheet it carries exactly as by the whole sheet`, async ({ page }) => {
    test.setTimeout(90_000);
    // The part alone: the whole sheet never arrives.
    const wholeSheet = `**${ROUTES.stylesheetFile}?*`;
    await page.route(wholeSheet, (request) => request.abort());
    await openCached(page, route);
    await page.waitForLoadState("networkidle");
    expect(await wholeSheetApplied(page)).toBe(false);
    const partOnly = await computedStyles(page);

    // The part, then the whole sheet after it, as every visitor gets them.
    await page.unroute(wholeSheet);
    await page.reload();
    await expect(page.locator(`link[rel="stylesheet"][href^="${ROUTES.stylesheetFile}?v="]`)).toHaveCount(1);
    await expect.poll(() => wholeSheetApplied(page)).toBe(true);
    await page.waitForLoadState("networkidle");
    const withWhole = await computedStyles(page);

    expect(withWhole.length).toBeGreaterThan(100);
    expect(withWhole).toEqual(partOnly);
  });
}

test("the cached page's sheet is a part of the whole, and a page rendered per request keeps the whole sheet", async ({ page, request }) => {
  const whole = await (await request.get(ROUTES.stylesheetFile)).text();
  await request.get(PRODUCT_ROUTE);
  const html = await (await request.get(PRODUCT_ROUTE)).text();
  const part = /<style [^>]*data-subset=""[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  expect(part.length).toBeGreaterThan(5_000);
  expect(part.length).toBeLessThan(whole.length * 0.7);

  // The home page is rendered per request (its nonce): the whole sheet inline, nothing loaded after.
  await page.goto(ROUTES.home);
  await expect(page.locator(`style[data-precedence][${STYLESHEET_SUBSET_ATTRIBUTE}]`)).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await expect(page.locator(`link[href^="${ROUTES.stylesheetFile}"]`)).toHaveCount(0);
});
