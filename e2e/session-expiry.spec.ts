import { request as apiRequest } from "@playwright/test";
import { ROUTES } from "@/lib/config/routes";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";

test.describe("a session that ends while the page is open", () => {
  test("the next call sends the customer to log in, with the reason, and back to the page afterwards", async ({ page, baseURL }) => {
    const login = await page.request.post("/api/v1/c/ulogin/login", {
      data: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    });
    expect(login.status()).toBe(200);
    await page.goto(ROUTES.account);
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    // The page is live and its own profile call has answered: otherwise, on a busy machine, that
    // first call would meet the ended session before the click this test is about.
    await expect(page.locator("header").getByRole("button", { name: /Account menu for Demo Customer/ })).toBeVisible();

    // The session ends on the server (as when it expires or is signed out elsewhere); the browser
    // still holds its cookie.
    const token = (await page.context().cookies()).find((cookie) => cookie.name === "Token")?.value;
    expect(token).toBeTruthy();
    const elsewhere = await apiRequest.newContext({ baseURL });
    const logout = await elsewhere.post("/api/v1/c/ulogin/logout", { headers: { Token: token ?? "" }, data: {} });
    expect(logout.status()).toBe(200);
    await elsewhere.dispose();

    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(page.getByRole("alert").filter({ hasText: "Login session expired! Please log in again" })).toBeVisible();
    const kept = (await page.context().cookies()).find((cookie) => cookie.name === "login_return_path");
    expect(decodeURIComponent(kept?.value ?? "")).toBe(ROUTES.account);

    await page.getByLabel("E-mail", { exact: true }).fill(DEMO_CUSTOMER.email);
    await page.getByLabel("Password").fill(DEMO_CUSTOMER.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/account\/user$/);
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  });
});
