import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ROUTES } from "@/lib/config/routes";
import { codeInMail, linkInMail, newestMailTo, readMail } from "@/lib/server/mail/outbox-reader";
import { LOGIN_LIMITS } from "@/lib/config/auth";
import { expect, registerFreshCustomer, test } from "./fixtures";

const OUTBOX = path.resolve(".data/outbox-e2e");

/** Waits for the newest mail to `email` whose subject has `subject`, and returns its code and link. */
async function mailWith(email: string, subject: string) {
  let raw: string | null = null;
  await expect
    .poll(async () => {
      raw = await newestMailTo(OUTBOX, email);
      return raw ? readMail(raw).subject : "";
    })
    .toContain(subject);
  const link = linkInMail(raw);
  expect(link).not.toBeNull();
  // The link names SITE_URL; the test server listens elsewhere, so keep only the path and query.
  const url = new URL(link ?? "http://none");
  return { code: codeInMail(raw) ?? "", path: `${url.pathname}${url.search}` };
}

async function sendCodeThroughApi(page: Page, email: string, purpose: "register" | "reset") {
  const response = await page.request.post("/api/v1/c/ulogin/send/code", { data: { email, purpose } });
  expect(response.status()).toBe(200);
}

test.describe("links in code e-mails", () => {
  test("the verification mail's link opens registration with the address in, focus on the code", async ({ page }) => {
    const email = `link-${randomUUID()}@example.com`;
    await sendCodeThroughApi(page, email, "register");
    const mail = await mailWith(email, "verification code");
    expect(mail.path).toMatch(/^\/account\/register\?link=/);

    await page.goto(mail.path);
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
    await expect(page.getByRole("status").filter({ hasText: `We sent a 6-digit code to ${email}.` })).toBeVisible();
    await expect(page.getByLabel("Code from the e-mail")).toBeFocused();

    await page.keyboard.type(mail.code);
    await page.getByLabel("Password").fill("morning tide walk");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("header").getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
  });

  test("the reset mail's link opens the reset page with the address in; the code sets a new password", async ({ page }) => {
    const email = `link-reset-${randomUUID()}@example.com`;
    await sendCodeThroughApi(page, email, "register");
    const signup = await mailWith(email, "verification code");
    const registered = await page.request.post("/api/v1/c/ulogin/register", {
      data: { email, code: signup.code, password: "first quiet lane" },
    });
    expect(registered.status()).toBe(200);
    await page.context().clearCookies();
    // The welcome mail goes out in the background; wait for it so the next newest mail is the reset one.
    await expect.poll(async () => readMail((await newestMailTo(OUTBOX, email)) ?? "").subject).toBe("Welcome to Lenwell");

    await sendCodeThroughApi(page, email, "reset");
    const mail = await mailWith(email, "password reset code");
    expect(mail.path).toMatch(/^\/account\/reset\?link=/);
    await page.goto(mail.path);
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Code from the e-mail")).toBeFocused();
    await page.keyboard.type(mail.code);
    await page.getByLabel("New password").fill("second quiet lane");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/account\/login$/);

    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Password").fill("second quiet lane");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a forged link says so, and the form still sends a code", async ({ page }) => {
    await page.goto(`${ROUTES.register}?link=${"e30"}.${"A".repeat(43)}`);
    await expect(page.getByRole("alert").filter({ hasText: "This link is no longer valid." })).toBeVisible();
    const email = `link-forged-${randomUUID()}@example.com`;
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  });

  test("an account under attack: the login page says a sign-in link was mailed, and the link lets the owner in", async ({ page }) => {
    const owner = await registerFreshCustomer(page);
    await page.context().clearCookies();
    // Someone else guesses: ten wrong passwords are checked, then the account needs the link.
    for (let i = 0; i <= LOGIN_LIMITS.checkedFailures; i += 1) {
      await page.request.post("/api/v1/c/ulogin/login", { data: { email: owner.email, password: `guess number ${i}` } });
    }

    await page.goto(ROUTES.login);
    await page.getByLabel("E-mail", { exact: true }).fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "it now needs a sign-in link from its e-mail" })).toBeVisible();

    const mail = await mailWith(owner.email, "sign-in link");
    expect(mail.path).toMatch(/^\/account\/login\?link=/);
    await page.goto(mail.path);
    await expect(page.getByRole("status").filter({ hasText: "You opened the sign-in link from your e-mail." })).toBeVisible();
    await page.getByLabel("E-mail", { exact: true }).fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("header").getByRole("button", { name: `Account menu for ${owner.username}` })).toBeVisible();
  });
});
