import { randomUUID } from "node:crypto";
import { ROUTES } from "@/lib/config/routes";
import { GOOGLE_CALLBACK_PATH } from "@/lib/config/oidc";
import { TEST_IDENTITY_COOKIE, type TestIdentity } from "@/test/support/oidc-test-issuer";
import { expect, test } from "./fixtures";

// "Continue with Google" against the local OpenID issuer of e2e/oidc-server.ts, which approves
// every request at once and signs in whoever this test names in its cookie.

test.describe("Google sign-in", () => {
  test.use({ allowOidcIssuer: true });

  test("a visitor continues with Google and comes back signed in where they were going", async ({ page, context, oidcIssuer }) => {
    const id = randomUUID();
    const identity: TestIdentity = { sub: `e2e-${id}`, email: `google-${id}@example.com`, email_verified: true, name: "Gale Google" };
    await context.addCookies([
      { name: TEST_IDENTITY_COOKIE, value: Buffer.from(JSON.stringify(identity)).toString("base64url"), url: oidcIssuer },
    ]);

    // A protected page sends the visitor to log in and keeps the way back.
    await page.goto(ROUTES.account);
    await expect(page).toHaveURL(/\/account\/login$/);
    const google = page.getByRole("button", { name: "Continue with Google" });
    await google.focus();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/account\/user$/);
    await expect(page.locator("header").getByRole("button", { name: /Account menu for Gale Google/ })).toBeVisible();
    const token = (await context.cookies()).find((cookie) => cookie.name === "Token");
    expect(token?.httpOnly).toBe(true);
    // The verifier and state are gone once used.
    expect(await page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.includes("google")))).toEqual([]);
  });

  test("an answer that this tab did not ask for is refused without signing anyone in", async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/google/exchange/token")) calls.push(request.url());
    });
    await page.goto(`${GOOGLE_CALLBACK_PATH}?code=forged-code&state=forged-state`);
    await expect(page.getByRole("alert").filter({ hasText: "was not started in this browser tab" })).toBeVisible();
    await page.getByRole("link", { name: "Back to log in" }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    expect(calls).toEqual([]);
  });

  test("cancelling at Google brings the visitor back to log in with a message", async ({ page }) => {
    await page.goto(`${GOOGLE_CALLBACK_PATH}?error=access_denied&state=whatever`);
    await expect(page).toHaveURL(/\/account\/login$/);
    await expect(page.getByRole("alert").filter({ hasText: "You cancelled the Google sign-in." })).toBeVisible();
  });
});
