import { PUBLIC_PAGES, ROUTES, productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { expect, test } from "./fixtures";

test.describe("browse pages", () => {
  for (const { path } of PUBLIC_PAGES) {
    test(`${path} renders on the server with its own title, description, canonical URL and Open Graph data`, async ({ page, request }) => {
      // The HTML itself (no JavaScript) already has the content.
      const html = await (await request.get(path)).text();
      expect(html).toContain("<h1");
      expect(html).not.toMatch(/lorem ipsum/i);

      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).not.toBeEmpty();

      const title = await page.title();
      expect(title).toMatch(/Lenwell/);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(50);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical ?? "").pathname).toBe(path);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[property="og:image"]').first()).toHaveAttribute("content", /^https?:\/\//);
    });
  }

  test("every page has a different title and description", async ({ request }) => {
    const seen = new Map<string, string>();
    for (const { path } of PUBLIC_PAGES) {
      const html = await (await request.get(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? "";
      expect(seen.has(title), `title of ${path} repeats ${seen.get(title)}`).toBe(false);
      seen.set(title, path);
      expect(seen.has(description), `description of ${path} repeats`).toBe(false);
      seen.set(description, path);
    }
  });

  test("sitemap.xml lists the browse pages and the listed products, and robots.txt points to it", async ({ request, baseURL }) => {
    // The sitemap is built per request (the catalogue lives in the database), so it names the
    // running server's SITE_URL, which the e2e server sets to its own address.
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const { path } of PUBLIC_PAGES) {
      expect(sitemap).toContain(`<loc>${baseURL}${path === "/" ? "" : path}</loc>`);
    }
    expect(sitemap).toContain(`<loc>${baseURL}${productPath(PURIFIER_SKU)}</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}${productPath("LW-CARE-2Y")}</loc>`);
    expect(sitemap).not.toContain("/account/");
    const robots = await (await request.get("/robots.txt")).text();
    // robots.txt is prerendered at build, and still names the address the server was started with.
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /api/");
  });

  test("an unknown address gets the designed 404 page with a real 404 status", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We can't find that page" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", ROUTES.home);
  });

  test("an unknown address under /deals is the 404 page without the top bar, on the server and after hydration", async ({
    page,
    request,
  }) => {
    const plain = await request.get(`${ROUTES.deals}/anything`);
    expect(plain.status()).toBe(404);
    const html = await plain.text();
    expect(html).toMatch(/<h1[^>]*>We can(&#x27;|')t find that page<\/h1>/);
    expect(html).not.toContain('aria-label="Main"');

    const response = await page.goto(`${ROUTES.deals}/anything`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We can't find that page" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /menu/i })).toHaveCount(0);
    // /deals itself is still the deals page.
    expect((await request.get(ROUTES.deals)).status()).toBe(200);
  });

  test("an unknown API call answers in the API envelope", async ({ request }) => {
    const response = await request.get("/api/v1/c/no/such/call");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({
      code: 404,
      data: null,
      errmsg: "The resource you are trying to access does not exist",
    });
  });

  test("the FAQ opens and closes with the keyboard", async ({ page }) => {
    await page.goto(ROUTES.faq);
    const first = page.locator("details").first();
    const summary = first.locator("summary");
    await expect(page.locator("details")).toHaveCount(await page.locator("summary").count());
    expect(await page.locator("details").count()).toBeGreaterThanOrEqual(10);
    await expect(first).not.toHaveAttribute("open", "");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("open", "");
    await expect(first.locator("summary + *")).toBeVisible();
    await page.keyboard.press("Space");
    await expect(first).not.toHaveAttribute("open", "");
  });

  test("the deals page lists discounted products from the catalogue", async ({ page }) => {
    await page.goto(ROUTES.deals);
    const cards = page.locator("main article");
    expect(await cards.count()).toBeGreaterThanOrEqual(10);
    await expect(cards.first().getByText(/^Save \$/)).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: /RO600/ }).first()).toHaveAttribute("href", "/mart/detail/LW-RO600");
  });

  test("the home page shows the purifier's price from the catalogue and its call to action", async ({ page }) => {
    await page.goto(ROUTES.home);
    const cta = page.locator("main").getByRole("link", { name: /Buy Water Purifier Now/ });
    await expect(cta).toHaveAttribute("href", "/mart/detail/LW-RO600");
    await expect(cta).toContainText("$359.00");
  });

  test("fonts and images are served by the site itself", async ({ page }) => {
    const fonts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "font") fonts.push(response.url());
    });
    await page.goto(ROUTES.home);
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.length).toBeGreaterThan(0);
    const images = await page
      .locator("img")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).currentSrc || (node as HTMLImageElement).src));
    // A page's largest picture may be inlined into its HTML (a data: address): that is the site's own too.
    for (const src of images) if (!src.startsWith("data:")) expect(new URL(src).origin).toBe(new URL(page.url()).origin);
    expect(images.filter((src) => src.startsWith("data:image/svg+xml,"))).toHaveLength(1);
  });
});
