import { CARE_SKU, MEMBERSHIP_SKUS, REPAIR_DIAGNOSIS_SKU } from "@/lib/config/catalog";
import { ROUTES, productPath } from "@/lib/config/routes";
import { COOKIES, PURIFIER_SKU } from "@/lib/config/store";
import { DEMO_CATALOGUE } from "@/lib/db/seed/catalogue";
import { expect, registerFreshCustomer, test } from "./fixtures";

// The store and the product page as a visitor and a customer see them (demo catalogue, fresh
// database per run). The drawer's own contents are the cart's tests.

const cents = (text: string) => Number(/\$([\d,]+\.\d{2})/.exec(text)?.[1]?.replace(/,/g, "") ?? "NaN");

test.describe("store", () => {
  test("lists every listed product, filters by category and sorts by price", async ({ page }) => {
    await page.goto(ROUTES.store);
    await expect(page.getByRole("heading", { level: 1, name: "Store" })).toBeVisible();
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(DEMO_CATALOGUE.length);
    await expect(page.getByTestId("store-count")).toHaveText(`${DEMO_CATALOGUE.length} products in all products`);

    const categories = page.getByRole("navigation", { name: "Categories" });
    await categories.getByRole("link", { name: "Filters" }).click();
    await expect(page).toHaveURL(/\/mart\?category=filter$/);
    await expect(categories.getByRole("link", { name: "Filters" })).toHaveAttribute("aria-current", "page");
    const filters = DEMO_CATALOGUE.filter((entry) => entry.category === "filter");
    await expect(cards).toHaveCount(filters.length);
    for (const entry of filters) await expect(page.getByRole("link", { name: entry.name })).toBeVisible();

    await page.getByRole("navigation", { name: "Sort products" }).getByRole("link", { name: "Price: low to high" }).click();
    await expect(page).toHaveURL(/category=filter&sort=price_asc/);
    await expect(cards).toHaveCount(filters.length);
    const low = (await cards.locator("p", { hasText: "Price" }).allInnerTexts()).map(cents);
    expect(low).toEqual([...low].sort((a, b) => a - b));

    await page.getByRole("navigation", { name: "Sort products" }).getByRole("link", { name: "Price: high to low" }).click();
    await expect(page).toHaveURL(/sort=price_desc/);
    const high = (await cards.locator("p", { hasText: "Price" }).allInnerTexts()).map(cents);
    expect(high).toEqual([...low].sort((a, b) => b - a));
  });

  test("an empty page says so and leads back; an unknown category is a 404", async ({ page }) => {
    await page.goto(`${ROUTES.store}?category=care&page=9`);
    await expect(page.getByText("This page is empty")).toBeVisible();
    await page.getByRole("link", { name: "First page" }).click();
    await expect(page).toHaveURL(/\/mart\?category=care$/);
    await expect(page.getByTestId("product-card")).toHaveCount(1);
    const response = await page.goto(`${ROUTES.store}?category=kitchen`);
    expect(response?.status()).toBe(404);
  });
});

test.describe("product page", () => {
  test("shows the product from the server: prices, stock, specs, JSON-LD and its own metadata", async ({ page, request }) => {
    const html = await (await request.get(productPath(PURIFIER_SKU))).text();
    expect(html).toContain("Lenwell RO600 Countertop Reverse-Osmosis Water Purifier");
    expect(html).toContain("In stock");

    await page.goto(ROUTES.store);
    await page.getByRole("link", { name: "Lenwell RO600 Countertop Reverse-Osmosis Water Purifier" }).click();
    await expect(page).toHaveURL(new RegExp(`${productPath(PURIFIER_SKU)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lenwell RO600 Countertop Reverse-Osmosis Water Purifier");
    const price = page.getByTestId("product-price");
    await expect(price).toContainText("$359.00");
    await expect(price.locator("s")).toContainText("$459.00");
    await expect(page.getByTestId("stock-state")).toHaveText("In stock");
    const specs = page.getByRole("table", { name: /specifications/ });
    await expect(specs.getByRole("row", { name: /Flow rate/ })).toContainText("600 gallons per day");

    await expect(page).toHaveTitle(/Lenwell RO600 Countertop/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical ?? "").pathname).toBe(productPath(PURIFIER_SKU));
    // A PNG card first: social sites do not render the catalogue's SVG pictures.
    await expect(page.locator('meta[property="og:image"]').first()).toHaveAttribute(
      "content",
      new RegExp(`${productPath(PURIFIER_SKU)}/opengraph-image(\\?[^/]*)?$`),
    );

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const ld = blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data["@type"] === "Product");
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Lenwell RO600 Countertop Reverse-Osmosis Water Purifier",
      sku: PURIFIER_SKU,
      brand: { "@type": "Brand", name: "Lenwell" },
      offers: { "@type": "Offer", price: "359.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    // The PNG card first (search and social sites), then the product's own pictures.
    expect(ld?.image).toEqual([
      expect.stringMatching(new RegExp(`^https?://[^/]+${productPath(PURIFIER_SKU)}/opengraph-image$`)),
      ...[1, 2, 3].map((n) => expect.stringMatching(new RegExp(`^https?://[^/]+/images/products/lw-ro600-${n}\\.svg$`))),
    ]);
  });

  test("the quantity stepper stays between 1 and the stock, never over 1000", async ({ page }) => {
    // Other journeys buy the purifier at the same time: the limit is whatever the stock is now.
    const detail = await page.request.get(`/api/v1/c/merchandise/detail?sku=${PURIFIER_SKU}`);
    const stock = ((await detail.json()) as { data: { stock: number } }).data.stock;
    expect(stock).toBeGreaterThan(3);
    expect(stock).toBeLessThan(999);
    await page.goto(productPath(PURIFIER_SKU));
    const stepper = page.getByRole("group", { name: /^Quantity of Lenwell RO600/ });
    const minus = stepper.getByRole("button", { name: "Decrease quantity" });
    const plus = stepper.getByRole("button", { name: "Increase quantity" });
    const field = stepper.getByLabel("Quantity", { exact: true });
    await expect(field).toHaveValue("1");
    await expect(minus).toBeDisabled();
    await plus.click();
    await plus.click();
    await expect(field).toHaveValue("3");
    await expect(minus).toBeEnabled();
    await field.fill("999");
    const max = Number(await field.inputValue());
    expect(max).toBeLessThanOrEqual(stock);
    expect(max).toBeGreaterThan(stock - 5);
    await expect(plus).toBeDisabled();
    await minus.click();
    await expect(field).toHaveValue(String(max - 1));
    await expect(plus).toBeEnabled();

    // Plenty in stock: the order line's limit of 1000 applies.
    await page.goto(productPath(MEMBERSHIP_SKUS.monthly));
    const plan = page.getByRole("group", { name: /^Quantity of Lenwell Membership/ });
    await plan.getByLabel("Quantity", { exact: true }).fill("5000");
    await expect(plan.getByLabel("Quantity", { exact: true })).toHaveValue("1000");
    await expect(plan.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
  });

  test("an unknown sku is a real 404, drawn by the server", async ({ page, request }) => {
    // The HTML alone, as a crawler or a browser without JavaScript gets it.
    const plain = await request.get(productPath("LW-NOPE-2"));
    expect(plain.status()).toBe(404);
    const html = await plain.text();
    expect(html).toMatch(/<h1[^>]*>We can(&#x27;|')t find that page<\/h1>/);
    expect(html).toContain('href="/mart"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');

    const response = await page.goto(productPath("LW-NOPE-1"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We can't find that page" })).toBeVisible();
    const api = await request.get("/api/v1/c/merchandise/detail?sku=LW-NOPE-1");
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ code: 404, data: null, errmsg: "There is no product with the sku LW-NOPE-1 in the store." });
  });

  test("a visitor's Add to cart goes to login and comes back to the product", async ({ page }) => {
    const customer = await (async () => {
      // An account to sign in with, made through the API in a context of its own.
      const other = await page.context().browser()?.newContext();
      if (!other) throw new Error("No browser");
      const otherPage = await other.newPage();
      const made = await registerFreshCustomer(otherPage);
      await other.close();
      return made;
    })();
    // Any product a new account may buy (Lenwell Care would first ask for a registered purifier).
    await page.goto(productPath(REPAIR_DIAGNOSIS_SKU));
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === COOKIES.loginReturnPath)?.value).toBe(
      encodeURIComponent(productPath(REPAIR_DIAGNOSIS_SKU)),
    );
    await page.getByLabel("E-mail", { exact: true }).fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(new RegExp(`${productPath(REPAIR_DIAGNOSIS_SKU)}$`));
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();
  });

  test("a customer's Add to cart calls the cart and opens the drawer", async ({ page }) => {
    await registerFreshCustomer(page);
    await page.goto(productPath(REPAIR_DIAGNOSIS_SKU));
    const stepper = page.getByRole("group", { name: /^Quantity of/ });
    await stepper.getByRole("button", { name: "Increase quantity" }).click();
    const added = page.waitForResponse(
      (response) => /\/api\/v1\/c\/order\/cart\/add\/?$/.test(new URL(response.url()).pathname) && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Add to cart" }).click();
    const response = await added;
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { code: number; data: { cartList: { skuNum: string; quantity: number }[] } };
    expect(body.code).toBe(200);
    expect(body.data.cartList).toContainEqual(expect.objectContaining({ skuNum: REPAIR_DIAGNOSIS_SKU, quantity: 2 }));
    await expect(page.getByTestId("cart-drawer")).toBeVisible();
  });
});

test.describe("browse pages lead to products", () => {
  test("plans, care and repair link to their product pages", async ({ page }) => {
    await page.goto(ROUTES.membership);
    await expect(page.getByRole("link", { name: "Join monthly" })).toHaveAttribute("href", productPath(MEMBERSHIP_SKUS.monthly));
    await expect(page.getByRole("link", { name: "Join yearly" })).toHaveAttribute("href", productPath(MEMBERSHIP_SKUS.yearly));
    await page.goto(ROUTES.care);
    await expect(page.getByRole("link", { name: "Get Lenwell Care" }).first()).toHaveAttribute("href", productPath(CARE_SKU));
    await page.goto(ROUTES.repair);
    await page.getByRole("link", { name: "Book a repair diagnosis" }).first().click();
    await expect(page).toHaveURL(new RegExp(`${productPath(REPAIR_DIAGNOSIS_SKU)}$`));
    await expect(page.getByRole("button", { name: "Buy now" })).toBeEnabled();
    await page.goto(ROUTES.purifier);
    await page.getByRole("link", { name: "Buy Water Purifier Now" }).first().click();
    await expect(page).toHaveURL(new RegExp(`${productPath(PURIFIER_SKU)}$`));
  });
});
