import { ROUTES } from "@/lib/config/routes";
import { expect, test } from "./fixtures";

// The /search page without JavaScript: a plain GET form, grouped results, the no-results page.
test.describe("the search page", () => {
  test.use({ javaScriptEnabled: false });

  test("searches from its own form and shows products and answers, with the matched words marked", async ({ page }) => {
    await page.goto(ROUTES.search);
    await expect(page.getByText("Type at least 2 characters")).toBeVisible();
    // The page's own form (the top bar has a field of the same name).
    const form = page.locator("main");
    await form.getByLabel("Search the shop").fill("how often change filter");
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=how\+often\+change\+filter/);
    const answers = page.getByRole("region", { name: /Answers/ });
    await expect(answers.getByRole("link", { name: "How often do I change the filters?" })).toHaveAttribute(
      "href",
      "/about/faq#how-often-filters",
    );
    await expect(answers.locator("mark").first()).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: /Products/ })
        .getByRole("link")
        .first(),
    ).toBeVisible();
  });

  test("says what to try when nothing matches", async ({ page }) => {
    await page.goto(`${ROUTES.search}?q=carafz`);
    await expect(page.getByRole("link", { name: "carafe" })).toBeVisible();
    await page.goto(`${ROUTES.search}?q=qqqzzzxx`);
    await expect(page.getByRole("heading", { name: /Nothing found/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "browse the store" })).toHaveAttribute("href", ROUTES.store);
  });

  test("is not for search engines, and names its canonical address", async ({ page }) => {
    await page.goto(`${ROUTES.search}?q=filter`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/search$/);
  });
});
