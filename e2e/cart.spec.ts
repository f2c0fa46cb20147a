import type { APIRequestContext, Page, Request } from "@playwright/test";
import { ROUTES } from "@/lib/config/routes";
import { expect, registerFreshCustomer, test } from "./fixtures";

// The cart drawer, driven as a customer does, on a fresh account per test (parallel tests never
// share a cart). Products go in through the real add call.

const API = "/api/v1/c";
const FILTER = { sku: "LW-F1-PP", name: "Composite pre-filter (PP + carbon)" }; // $29.00, under the $37 threshold
const PLAN = { sku: "LW-MEM-M", name: "Lenwell Membership, monthly" }; // 10,000 in stock: the 1000 cap applies

const header = (page: Page) => page.locator("header").first();

async function addToCart(request: APIRequestContext, skuNum: string, quantity: number) {
  const response = await request.post(`${API}/order/cart/add/`, { data: { skuNum, quantity } });
  expect(response.status(), await response.text()).toBe(200);
}

async function openDrawer(page: Page, count: number) {
  await page.goto(ROUTES.faq);
  await header(page)
    .getByRole("button", { name: `Cart, ${count} items` })
    .click();
  const drawer = page.getByTestId("cart-drawer");
  await expect(drawer).toBeVisible();
  return drawer;
}

function lineOf(page: Page, sku: string) {
  return page.getByTestId("cart-drawer").locator(`[data-testid="cart-line"][data-sku="${sku}"]`);
}

/** The quantity the server stored for `sku` in answer to one update request. */
async function storedQuantity(request: Request | undefined, sku: string): Promise<number | undefined> {
  const response = await request?.response();
  const body = (await response?.json()) as { data: { cartList: { skuNum: string; quantity: number }[] } } | undefined;
  return body?.data.cartList.find((item) => item.skuNum === sku)?.quantity;
}

function watchUpdates(page: Page): Request[] {
  const updates: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes(`${API}/order/cart/update`)) updates.push(request);
  });
  return updates;
}

test.describe("cart drawer", () => {
  test("lists the cart, sends a burst of clicks as one debounced update, and shows free shipping once reached", async ({ page }) => {
    await registerFreshCustomer(page);
    await addToCart(page.request, FILTER.sku, 1);
    const updates = watchUpdates(page);
    const drawer = await openDrawer(page, 1);

    const line = lineOf(page, FILTER.sku);
    await expect(line.getByRole("heading", { name: FILTER.name })).toBeVisible();
    await expect(line.getByText("Stage 1 · 6-month life")).toBeVisible();
    await expect(line.getByText("Rated life")).toBeVisible();
    await expect(line.locator("img")).toHaveAttribute("src", /lw-f1-pp-1\.svg/);
    await expect(line.getByText("$29.00")).toBeVisible();
    await expect(line.getByText("$39.00")).toBeVisible();
    const minus = line.getByRole("button", { name: "Decrease quantity" });
    const plus = line.getByRole("button", { name: "Increase quantity" });
    await expect(minus).toBeDisabled();
    await expect(plus).toBeEnabled();
    const progress = drawer.getByRole("progressbar", { name: "Progress toward free shipping" });
    await expect(progress).toHaveAttribute("aria-valuetext", "Add $8.00 for free shipping");
    await expect(drawer.getByText("Add $8.00 for free shipping")).toBeVisible();
    await expect(drawer.getByTestId("cart-shipping")).toHaveText("$11.90");
    await expect(drawer.getByTestId("cart-total")).toHaveText("$29.00");
    await expect(drawer.getByText("Taxes are calculated at checkout.")).toBeVisible();

    // Three quick clicks: shown at once, sent once with the final quantity.
    await plus.click();
    await plus.click();
    await plus.click();
    await expect(line.locator("output")).toHaveText("4");
    await expect(minus).toBeEnabled();
    expect(updates).toHaveLength(0);
    await expect.poll(() => updates.length, { timeout: 4_000 }).toBe(1);
    expect(await storedQuantity(updates[0], FILTER.sku)).toBe(4);
    await expect(drawer.getByTestId("cart-total")).toHaveText("$116.00");
    await expect(progress).toHaveAttribute("aria-valuetext", "You have free shipping");
    await expect(drawer.getByTestId("cart-shipping")).toHaveText("Free");
    // The badge follows the server's count.
    await expect(header(page).getByTestId("cart-badge")).toHaveText("4");
    await page.waitForTimeout(1_500);
    expect(updates).toHaveLength(1);

    // The server agrees.
    const list = (await (await page.request.get(`${API}/order/cart/list`)).json()) as { data: { count: number } };
    expect(list.data.count).toBe(4);
  });

  test("delete asks first: Cancel keeps the product, YES,Delete removes it, and an empty cart cannot check out", async ({ page }) => {
    await registerFreshCustomer(page);
    await addToCart(page.request, FILTER.sku, 2);
    await addToCart(page.request, PLAN.sku, 1);
    const drawer = await openDrawer(page, 3);
    await expect(drawer.getByTestId("cart-line")).toHaveCount(2);

    await lineOf(page, FILTER.sku)
      .getByRole("button", { name: `Delete ${FILTER.name}` })
      .click();
    const confirmation = page.getByTestId("cart-delete-confirmation");
    await expect(confirmation).toBeVisible();
    await expect(confirmation.getByRole("heading", { name: "Whether to delete the product?" })).toBeVisible();
    await expect(confirmation.getByText("After deleting the product, it will be removed from shopping cart")).toBeVisible();
    await confirmation.getByRole("button", { name: "Cancel" }).click();
    await expect(confirmation).toBeHidden();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId("cart-line")).toHaveCount(2);

    await lineOf(page, FILTER.sku)
      .getByRole("button", { name: `Delete ${FILTER.name}` })
      .click();
    await confirmation.getByRole("button", { name: "YES,Delete" }).click();
    await expect(lineOf(page, FILTER.sku)).toHaveCount(0);
    await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
    await expect(header(page).getByTestId("cart-badge")).toHaveText("1");
    await expect(drawer.getByRole("button", { name: "Checkout" })).toBeEnabled();

    await lineOf(page, PLAN.sku)
      .getByRole("button", { name: `Delete ${PLAN.name}` })
      .click();
    await confirmation.getByRole("button", { name: "YES,Delete" }).click();
    await expect(drawer.getByText("Your cart is empty")).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Checkout" })).toBeDisabled();
    await expect(drawer.getByRole("progressbar")).toHaveCount(0);
    await expect(header(page).getByTestId("cart-badge")).toHaveCount(0);
  });

  test("plus stops at 1000 pieces, and a refused update puts the server's quantity back", async ({ page }) => {
    await registerFreshCustomer(page);
    await addToCart(page.request, PLAN.sku, 1000);
    const drawer = await openDrawer(page, 1000);
    const line = lineOf(page, PLAN.sku);
    await expect(line.locator("output")).toHaveText("1000");
    await expect(line.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
    await expect(header(page).getByTestId("cart-badge")).toHaveText("99+");

    await page.route(`**${API}/order/cart/update/`, (route) =>
      route.fulfill({
        status: 409,
        json: { code: 409, data: null, errmsg: "Only 3 left in stock.", errors: [{ path: "quantity", message: "Only 3 left in stock." }] },
      }),
    );
    const failures: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") failures.push(message.text());
    });
    await line.getByRole("button", { name: "Decrease quantity" }).click();
    await expect(line.locator("output")).toHaveText("999");
    await expect(line.getByRole("button", { name: "Increase quantity" })).toBeEnabled();
    await expect(page.getByRole("alert").filter({ hasText: "Only 3 left in stock." })).toBeVisible();
    await expect(line.locator("output")).toHaveText("1000");
    expect(failures.some((text) => text.includes("Cart update failed"))).toBe(true);
    // Nothing was lost.
    await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
  });

  test("Checkout sends a waiting quantity first, closes the drawer and goes to the payment page", async ({ page }) => {
    await registerFreshCustomer(page);
    await addToCart(page.request, FILTER.sku, 1);
    const updates = watchUpdates(page);
    const drawer = await openDrawer(page, 1);
    await lineOf(page, FILTER.sku).getByRole("button", { name: "Increase quantity" }).click();
    await drawer.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/mart\/payment\?orderId=[0-9a-f-]{36}$/);
    await expect(drawer).toBeHidden();
    // One update went out before the checkout call; the order below holds its quantity.
    expect(updates).toHaveLength(1);
    const orderId = new URL(page.url()).searchParams.get("orderId");
    const order = (await (await page.request.get(`${API}/merchandise/order/get?orderId=${orderId}`)).json()) as {
      data: { items: { skuNum: string; quantity: number }[] };
    };
    expect(order.data.items.map((item) => [item.skuNum, item.quantity])).toEqual([[FILTER.sku, 2]]);
    await expect(header(page).getByTestId("cart-badge")).toHaveCount(0);
  });
});

test.describe("cart API over HTTP", () => {
  test("every cart call answers with and without the trailing slash, never a redirect", async ({ page }) => {
    await registerFreshCustomer(page);
    for (const path of ["/order/cart/add", "/order/cart/add/"]) {
      const response = await page.request.post(`${API}${path}`, { data: { skuNum: FILTER.sku, quantity: 1 }, maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
    for (const path of ["/order/cart/update", "/order/cart/update/"]) {
      const response = await page.request.post(`${API}${path}`, { data: { skuNum: FILTER.sku, quantity: 3 }, maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
    for (const path of ["/order/cart/list", "/order/cart/list/"]) {
      const response = await page.request.get(`${API}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(((await response.json()) as { data: { count: number } }).data.count).toBe(3);
    }
    const first = await page.request.delete(`${API}/order/cart/delete/`, { data: { skuNum: FILTER.sku }, maxRedirects: 0 });
    expect(first.status()).toBe(200);
    // The line is gone, so the form without the slash reaches the handler and gets its 404.
    const second = await page.request.delete(`${API}/order/cart/delete`, { data: { skuNum: FILTER.sku }, maxRedirects: 0 });
    expect(second.status()).toBe(404);
    expect(((await second.json()) as { errmsg: string }).errmsg).toBe("This product is not in your cart.");
  });

  test("a page address with a trailing slash still redirects to the one without", async ({ request }) => {
    const response = await request.get(`${ROUTES.faq}/`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(response.headers().location).toMatch(/\/about\/faq$/);
  });
});
