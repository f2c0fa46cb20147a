import { ROUTES, productPath } from "@/lib/config/routes";
import { TEST_ADDRESS, expect, registerFreshCustomer, test } from "./fixtures";
import { buyNowThroughApi, payThroughApi } from "./shop-api";

// What the yearly membership's product page says, on the one cached page everyone shares: no
// quantity (it is one per customer), and to a customer whose membership is active, until when it
// runs and where it renews, instead of stock and the buy buttons (known from the session's profile,
// asked in the browser).

const YEARLY = "LW-MEM-Y";

test.describe("the yearly membership's product page", () => {
  test("offers no quantity: one per customer, to a visitor and to a customer who is not a member", async ({ page }) => {
    await page.goto(productPath(YEARLY));
    await expect(page.getByRole("button", { name: "Buy now" })).toBeVisible();
    await expect(page.getByText("One per customer.")).toBeVisible();
    await expect(page.getByRole("group", { name: /Quantity of/ })).toHaveCount(0);

    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await page.goto(productPath(YEARLY));
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
    await expect(page.getByRole("group", { name: /Quantity of/ })).toHaveCount(0);
    // Other products keep their quantity.
    await page.goto(productPath("LW-MEM-M"));
    await expect(page.getByRole("group", { name: /Quantity of/ })).toBeVisible();
  });

  test("tells an active member until when they are a member and links the renewal settings, with nothing to buy", async ({ page }) => {
    test.slow();
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await payThroughApi(page, await buyNowThroughApi(page, YEARLY, 1));

    await page.goto(productPath(YEARLY));
    const notice = page.getByTestId("member-until");
    // Bought today: a member until this day next year.
    const year = new Date().getFullYear();
    await expect(notice).toContainText(new RegExp(`You are a member until [A-Z][a-z]{2} \\d{1,2}, ${year + 1}\\.`));
    await expect(page.getByTestId("stock-state")).toHaveCount(0);
    await expect(page.getByText("In stock")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Buy now" })).toHaveCount(0);

    await notice.getByRole("link", { name: "Renewal settings" }).click();
    await expect(page).toHaveURL(new RegExp(`${ROUTES.account}#membership$`));
    const section = page.locator("#membership");
    await expect(section.getByRole("heading", { name: "Membership and care plan" })).toBeVisible();
    await expect(section.getByTestId("membership-renewal").getByText(/Renews on .* with/)).toBeInViewport();

    // The API refuses a second one too, whatever a page shows.
    const again = await page.request.post("/api/v1/c/merchandise/order/add", { data: { skuNum: YEARLY, quantity: 1 } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { errmsg: string }).errmsg).toMatch(/^You are a member until /);
  });
});
