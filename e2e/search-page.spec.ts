import { ROUTES, searchPath } from "@/lib/config/routes";
import { expect, registerFreshCustomer, test } from "./fixtures";
import { withOperator } from "./shop-api";

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

// Without a session, /search?q=… is everyone's page: rewritten to its cached form (lib/config/search-cache.ts),
// rendered once, then served from the cache with a policy made of its own scripts' hashes.
test.describe("search results for a visitor without a session", () => {
  // That its scripts run under that policy: security-headers.spec.ts.
  test("come from the cache with the page's own policy", async ({ page, request }, testInfo) => {
    // A query of this run's own, so its first answer renders it, with what a path would read otherwise.
    const query = `ro membrane café a/b?c#d%e ${testInfo.project.name} ${Date.now().toString(36)}`;
    const first = await request.get(searchPath(query));
    expect(first.headers()["x-nextjs-cache"]).toBe("MISS");
    // Other tests' orders move stock, which expires every results page at once (it says "in stock"):
    // the next answer comes from the cache, or, after such a move, the one after it.
    let cached = first;
    await expect
      .poll(async () => {
        cached = await request.get(searchPath(query));
        return cached.headers()["x-nextjs-cache"];
      })
      .toBe("HIT");
    for (const answer of [first, cached]) {
      expect(answer.status()).toBe(200);
      const policy = answer.headers()["content-security-policy"] ?? "";
      expect(policy).toContain("'sha256-");
      expect(policy).not.toContain("'nonce-");
      expect(await answer.text()).toContain('<link rel="canonical" href="http://127.0.0.1');
    }

    // The page shows the query as it was typed.
    await page.goto(searchPath(query));
    await expect(page.locator("main").getByLabel("Search the shop")).toHaveValue(query);
    await page.goto(searchPath("replacement filter"));
    await expect(
      page
        .getByRole("region", { name: /Products/ })
        .getByRole("link")
        .first(),
    ).toBeVisible();
  });

  test("follow the operator's price change at once", async ({ page, playwright, baseURL }, testInfo) => {
    // One project changes the price (the first-year filter set: no other test reads it) and puts it back.
    test.skip(testInfo.project.name !== "desktop", "changes the catalogue: one project only");
    const sku = "LW-FSET-Y1";
    const query = "first-year filter set";
    const priceShown = async () => {
      await page.goto(searchPath(query));
      return page
        .getByRole("region", { name: /Products/ })
        .getByRole("listitem")
        .filter({ hasText: "First-year filter set" })
        .first();
    };
    const before = (await (await priceShown()).textContent())?.match(/\$(\d+\.\d{2})/)?.[1] ?? "";
    expect(before).toMatch(/^\d+\.\d{2}$/);
    const after = (Number(before) - 1.37).toFixed(2);
    await withOperator(playwright, baseURL, async (operator) => {
      await operator("catalogue/update", { sku, discountPrice: after });
      try {
        await expect(await priceShown()).toContainText(`$${after}`);
      } finally {
        await operator("catalogue/update", { sku, discountPrice: before });
      }
    });
    await expect(await priceShown()).toContainText(`$${before}`);
  });

  test("are a signed-in customer's own: rendered per request, with a nonce", async ({ page }) => {
    await registerFreshCustomer(page);
    const answer = await page.request.get(searchPath("replacement filter"));
    expect(answer.status()).toBe(200);
    expect(answer.headers()["x-nextjs-cache"]).toBeUndefined();
    expect(answer.headers()["content-security-policy"]).toContain("'nonce-");
  });
});
