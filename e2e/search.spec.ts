import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { ROUTES } from "@/lib/config/routes";
import { expect, isMobileProject, test } from "./fixtures";
import { tapTargetProblems } from "./support/tap-targets";
import { axeViolations } from "./support/axe";

// Site search from the visitor's side: the field in the top bar (desktop) or the phone menu, the
// predictive combobox it becomes, and the plain form it is without JavaScript. The results come from
// the real engine over GET /api/v1/c/search/suggest, on the shop's seeded catalogue and FAQ.

const LABEL = "Search the shop";
/** Any address the shop has no page for: the 404 page carries a search field of its own. */
const MISSING_PAGE = "/no-such-page";

interface Field {
  input: Locator;
  /** A selector for the part of the page the results are in (the phone menu's panel, or the whole page). */
  within?: string;
}

/** Where a visitor finds the search field: the top bar on desktop, the menu on a phone. */
async function searchField(page: Page, info: TestInfo): Promise<Field> {
  const header = page.locator("header").first();
  // The phone menu's field is in the header too, hidden on desktop.
  if (!isMobileProject(info.project.name)) return { input: header.getByLabel(LABEL).filter({ visible: true }) };
  const menu = header.getByRole("button", { name: "Open menu" });
  // Read before the click: the open button is named "Close menu", so this locator stops matching.
  const panel = await menu.getAttribute("aria-controls");
  await menu.click();
  const within = `[id="${panel}"]`;
  return { input: page.locator(within).getByLabel(LABEL), within };
}

/** Types `text` into the field and waits for the combobox's results. */
async function search(page: Page, field: Field, text: string): Promise<Locator> {
  await field.input.click();
  await field.input.fill(text);
  // The combobox takes the plain field's place once its code has loaded, with what was typed.
  await expect(field.input).toHaveRole("combobox");
  await expect(field.input).toHaveValue(text);
  const results = page.getByRole("listbox", { name: "Search results" });
  await expect(results.getByRole("option", { name: `See all results for “${text}”` })).toBeVisible();
  // The combobox's own count, one of it: the /search page announces its own count too, outside the bar.
  const bar = page.locator(field.within ?? "header").first();
  await expect(bar.getByRole("status").filter({ hasText: /\d+ results?|No results for/ })).toHaveCount(1);
  return results;
}

/** The options of one group ("Products", "Answers", …) of the open results. */
function group(results: Locator, name: string): Locator {
  return results.getByRole("group", { name });
}

/** A page without JavaScript, at the size of the test's project. */
async function pageWithoutScripts(browser: Browser, info: TestInfo): Promise<Page> {
  const mobile = isMobileProject(info.project.name);
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    javaScriptEnabled: false,
    viewport: info.project.use.viewport ?? null,
    isMobile: mobile,
    hasTouch: mobile,
  });
  return context.newPage();
}

test.describe("site search", () => {
  test("the field is a labelled search form in the top bar, the phone menu and the 404 page", async ({ page }, info) => {
    await page.goto(ROUTES.faq);
    const field = await searchField(page, info);
    await expect(field.input).toBeVisible();
    await expect(field.input).toHaveAttribute("name", "q");
    const form = field.input.locator("xpath=ancestor::form[1]");
    await expect(form).toHaveRole("search");
    await expect(form).toHaveAttribute("action", ROUTES.search);
    await expect(form).toHaveAttribute("method", "get");

    await page.goto(MISSING_PAGE);
    const onPage = page.getByRole("main").getByLabel(LABEL);
    await expect(onPage).toBeVisible();
    await expect(onPage).toHaveAttribute("name", "q");
  });

  test("without JavaScript, the form opens /search?q=…", async ({ browser }, info) => {
    const page = await pageWithoutScripts(browser, info);
    // The phone menu needs JavaScript to open; the 404 page's field does not, at either size.
    await page.goto(MISSING_PAGE);
    await page.getByRole("main").getByLabel(LABEL).fill("ro membrane");
    await page.getByRole("main").getByLabel(LABEL).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=ro\+membrane$/);

    if (!isMobileProject(info.project.name)) {
      await page.goto(ROUTES.faq);
      const field = page.locator("header").getByLabel(LABEL).filter({ visible: true });
      await field.fill("filter");
      await field.press("Enter");
      await expect(page).toHaveURL(/\/search\?q=filter$/);
    }
    await page.context().close();
  });

  test("'filter' finds filters; the arrows and Enter open one", async ({ page }, info) => {
    await page.goto(ROUTES.faq);
    const field = await searchField(page, info);
    const results = await search(page, field, "filter");
    const products = group(results, "Products");
    const filter = products.getByRole("option", { name: /filter/i }).first();
    await expect(filter).toBeVisible();
    await expect(filter).toContainText(/\$\d/);
    await expect(filter).toContainText(/In stock|Out of stock/);
    const href = await filter.getAttribute("href");
    expect(href).toMatch(/^\/mart\/detail\//);

    // The list opens on "See all results"; the first arrow down is the first product.
    await field.input.press("ArrowDown");
    const first = products.getByRole("option").first();
    await expect(field.input).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
    const firstHref = await first.getAttribute("href");
    await field.input.press("Enter");
    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === firstHref);
  });

  test("'how often' finds the FAQ's answer, its words marked", async ({ page }, info) => {
    await page.goto(ROUTES.home);
    const field = await searchField(page, info);
    const results = await search(page, field, "how often");
    const answer = group(results, "Answers")
      .getByRole("option", { name: /how often/i })
      .first();
    await expect(answer).toBeVisible();
    await expect(answer.locator("mark").first()).toBeVisible();
    expect(await answer.getAttribute("href")).toMatch(/^\/about\/faq#/);
  });

  test("Enter opens /search?q=…; Escape closes the list, a second Escape clears the field", async ({ page }, info) => {
    await page.goto(ROUTES.store);
    let field = await searchField(page, info);
    await search(page, field, "filter");
    await field.input.press("Escape");
    await expect(page.getByRole("listbox", { name: "Search results" })).toBeHidden();
    await expect(field.input).toHaveValue("filter");
    await field.input.press("Escape");
    await expect(field.input).toHaveValue("");

    await search(page, field, "ro membrane");
    await field.input.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=ro(%20|\+)membrane$/);

    if (isMobileProject(info.project.name)) {
      // A new page closed the menu; the field is found in it again.
      field = await searchField(page, info);
    }
    await search(page, field, "purifier");
    await page.getByRole("listbox", { name: "Search results" }).getByRole("option", { name: "See all results for “purifier”" }).click();
    await expect(page).toHaveURL(/\/search\?q=purifier$/);
  });

  test("with the results open: no axe violation of any impact, and 44 px targets on a phone", async ({ page }, info) => {
    await page.goto(ROUTES.faq);
    const field = await searchField(page, info);
    await search(page, field, "filter");
    expect(await axeViolations(page)).toEqual([]);
    if (isMobileProject(info.project.name)) {
      expect(await tapTargetProblems(page, { within: field.within })).toEqual([]);
    }
  });

  test("when search is unavailable (an error, or too many searches), a calm line, and Enter still opens /search", async ({
    page,
  }, info) => {
    let status = 503;
    await page.route("**/api/v1/c/search/suggest?*", (route) =>
      route.fulfill({ status, json: { code: status, data: null, errmsg: "upstream connect error or disconnect/reset before headers" } }),
    );
    await page.goto(ROUTES.faq);
    const field = await searchField(page, info);
    await field.input.click();
    await field.input.fill("filter");
    await expect(field.input).toHaveRole("combobox");
    const calm = "Search is unavailable right now. Press Enter to see all results.";
    await expect(page.getByRole("status").filter({ hasText: calm })).toHaveCount(1);
    await expect(page.getByText("upstream connect error")).toHaveCount(0);

    status = 429;
    await field.input.fill("filters");
    await expect(page.getByRole("option", { name: "See all results for “filters”" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: calm })).toHaveCount(1);
    await field.input.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=filters$/);
  });
});
