import { ROUTES } from "@/lib/config/routes";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";

test.describe("login", () => {
  test("a wrong password is refused in words a customer understands, next to the form", async ({ page }) => {
    await page.goto(ROUTES.login);
    await page.getByLabel("E-mail").fill(DEMO_CUSTOMER.email);
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The e-mail or password is incorrect." })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/login$/);
  });

  test("fields are checked before sending, with the error under the field", async ({ page }) => {
    await page.goto(ROUTES.login);
    await page.getByLabel("E-mail").fill("not-an-address");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();
  });

  test("the cart icon sends a visitor to log in, and logging in brings them back", async ({ page }) => {
    await page.goto(ROUTES.faq);
    await page.locator("header").getByRole("button", { name: "Cart" }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await page.getByLabel("E-mail").fill(DEMO_CUSTOMER.email);
    await page.getByLabel("Password").fill(DEMO_CUSTOMER.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about\/faq$/);
    await expect(page.locator("header").getByRole("button", { name: /Account menu for Demo Customer/ })).toBeVisible();
    const token = (await page.context().cookies()).find((cookie) => cookie.name === "Token");
    expect(token?.httpOnly).toBe(true);
    expect(token?.sameSite).toBe("Strict");
  });
});
