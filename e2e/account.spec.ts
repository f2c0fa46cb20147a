import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import path from "node:path";
import { ROUTES } from "@/lib/config/routes";
import { codeInMail, newestMailTo } from "@/lib/server/mail/outbox-reader";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";

const OUTBOX = path.resolve(".data/outbox-e2e");

test.describe("login", () => {
  test("a wrong password is refused in words a customer understands, next to the form", async ({ page }) => {
    await page.goto(ROUTES.login);
    await page.getByLabel("E-mail", { exact: true }).fill(DEMO_CUSTOMER.email);
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The e-mail or password is incorrect." })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/login$/);
  });

  test("fields are checked before sending, with the error under the field", async ({ page }) => {
    await page.goto(ROUTES.login);
    await page.getByLabel("E-mail", { exact: true }).fill("not-an-address");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();
  });

  test("the cart icon sends a visitor to log in, and logging in brings them back", async ({ page }) => {
    await page.goto(ROUTES.faq);
    await page.locator("header").getByRole("button", { name: "Cart" }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await page.getByLabel("E-mail", { exact: true }).fill(DEMO_CUSTOMER.email);
    await page.getByLabel("Password").fill(DEMO_CUSTOMER.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about\/faq$/);
    await expect(page.getByRole("status").filter({ hasText: "You are logged in." })).toBeVisible();
    await expect(page.locator("header").getByRole("button", { name: /Account menu for Demo Customer/ })).toBeVisible();
    const token = (await page.context().cookies()).find((cookie) => cookie.name === "Token");
    expect(token?.httpOnly).toBe(true);
    expect(token?.sameSite).toBe("Strict");
  });
});

test.describe("registration", () => {
  test("register with the e-mailed code, log out, and log in again", async ({ page }) => {
    const email = `e2e-${randomUUID()}@example.com`;
    await page.goto(ROUTES.register);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    // The resend button counts down from 60 seconds.
    await expect(page.getByRole("button", { name: /^Resend code in (60|59|58) s$/ })).toBeDisabled();

    let code: string | null = null;
    await expect.poll(async () => (code = codeInMail(await newestMailTo(OUTBOX, email)))).toMatch(/^\d{6}$/);
    await page.getByLabel("Code from the e-mail").fill(code ?? "");
    await page.getByLabel("Password").fill("password123");
    await page.getByLabel("Name (optional)").fill("Robin");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("This password is too common. Choose one that is harder to guess.")).toBeVisible();

    await page.getByLabel("Password").fill("quiet river morning");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").filter({ hasText: "Your account is created and you are logged in." })).toBeVisible();
    const menu = page.locator("header").getByRole("button", { name: "Account menu for Robin" });
    await expect(menu).toBeVisible();

    await menu.click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Logout Successfully" })).toBeVisible();
    await page.goto(ROUTES.login);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password").fill("quiet river morning");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.locator("header").getByRole("button", { name: "Account menu for Robin" })).toBeVisible();
  });
});

async function registerThroughApi(page: Page, email: string, password: string) {
  await page.request.post("/api/v1/c/ulogin/send/code", { data: { email, purpose: "register" } });
  let code: string | null = null;
  await expect.poll(async () => (code = codeInMail(await newestMailTo(OUTBOX, email)))).toMatch(/^\d{6}$/);
  const response = await page.request.post("/api/v1/c/ulogin/register", { data: { email, code, password } });
  expect(response.status()).toBe(200);
}

test.describe("password reset", () => {
  test("a customer who forgot the password sets a new one with an e-mailed code", async ({ page }) => {
    const email = `reset-${randomUUID()}@example.com`;
    await registerThroughApi(page, email, "old garden path");
    await page.context().clearCookies();

    await page.goto(ROUTES.login);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/account\/reset$/);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`If ${email} has an account, we sent it a 6-digit code.`)).toBeVisible();
    let code: string | null = null;
    await expect
      .poll(async () => {
        const mail = (await newestMailTo(OUTBOX, email)) ?? "";
        code = mail.includes("password reset code") ? codeInMail(mail) : null;
        return code;
      })
      .toMatch(/^\d{6}$/);
    await page.getByLabel("Code from the e-mail").fill(code ?? "");
    await page.getByLabel("New password").fill("new harbour light");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(page.getByRole("alert").filter({ hasText: "Your password is changed." })).toBeVisible();

    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password").fill("old garden path");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("The e-mail or password is incorrect.")).toBeVisible();
    await page.getByLabel("Password").fill("new harbour light");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("account page", () => {
  test("a customer edits their details and address, with errors under the fields", async ({ page }) => {
    const email = `acct-${randomUUID()}@example.com`;
    // A fresh account through the real calls, so this test owns its data.
    await registerThroughApi(page, email, "tall green hedge");

    await page.goto(ROUTES.account);
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Sam Lee");
    await page.getByLabel("Recipient").fill("Sam Lee");
    await page.getByLabel("Street address").fill("500 Travis St");
    await page.getByLabel("City").fill("Houston");
    await page.getByLabel("State").selectOption("TX");
    await page.getByLabel("ZIP code").fill("7700");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByText("Enter a 5-digit ZIP code (or ZIP+4).")).toBeVisible();
    await page.getByLabel("ZIP code").fill("77002");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your details are saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("ZIP code")).toHaveValue("77002");
    await expect(page.locator("header").getByRole("button", { name: "Account menu for Sam Lee" })).toBeVisible();
  });

  test("a forged session cookie does not open the account page", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "Token", value: "A".repeat(43), url: baseURL ?? "http://127.0.0.1" }]);
    await page.goto(ROUTES.account);
    await expect(page).toHaveURL(/\/account\/login$/);
  });
});
