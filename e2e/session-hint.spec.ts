import type { Page, Route } from "@playwright/test";
import { ROUTES } from "@/lib/config/routes";
import { expect, signInWithCart, test } from "./fixtures";

const header = (page: Page) => page.locator("header").first();

/** Holds every profile answer back until `release()`: the top bar must not wait for it. */
async function holdProfile(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route("**/api/v1/c/user/profile", async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    held,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

async function hintCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === "signed_in");
}

test.describe("the top bar follows the session from the first render", () => {
  test("after login, a fresh page shows the signed-in menu and cart before the profile answers", async ({ page }) => {
    const { username } = await signInWithCart(page, 2);
    const hint = await hintCookie(page);
    expect(hint?.value).toBe("1");
    expect(hint?.httpOnly).toBe(false);
    expect(hint?.sameSite).toBe("Strict");

    const profile = await holdProfile(page);
    await page.goto(ROUTES.faq);
    await expect.poll(() => profile.held.length).toBeGreaterThan(0);
    const account = header(page).getByRole("button", { name: "Account menu, signed in" });
    await expect(account).toBeVisible();
    await account.click();
    await expect(page.getByRole("link", { name: "My Account" })).toHaveAttribute("href", ROUTES.account);
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await header(page).getByRole("button", { name: /^Cart/ }).click();
    await expect(page.getByTestId("cart-drawer")).toBeVisible();
    await expect(page).toHaveURL(/\/about\/faq$/);
    expect(profile.held.length).toBeGreaterThan(0);
    await page.keyboard.press("Escape");

    // The answer then confirms the session and brings the name.
    await profile.release();
    await expect(header(page).getByRole("button", { name: `Account menu for ${username}` })).toBeVisible();
  });

  test("a hint left by a session that ended is cleared by the profile's 401", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "signed_in", value: "1", url: baseURL ?? "http://127.0.0.1" }]);
    const profile = await holdProfile(page);
    await page.goto(ROUTES.faq);
    await expect(header(page).getByRole("button", { name: "Account menu, signed in" })).toBeVisible();
    await profile.release();
    await expect(header(page).getByRole("button", { name: "Account menu", exact: true })).toBeVisible();
    expect(await hintCookie(page)).toBeUndefined();
    await header(page).getByRole("button", { name: "Cart" }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
  });

  test("logout clears the hint with the Token", async ({ page }) => {
    await signInWithCart(page, 1);
    await page.goto(ROUTES.faq);
    await header(page)
      .getByRole("button", { name: /Account menu for/ })
      .click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole("button", { name: "Account menu", exact: true })).toBeVisible();
    expect(await hintCookie(page)).toBeUndefined();
    await page.goto(ROUTES.faq);
    await expect(header(page).getByRole("button", { name: "Account menu", exact: true })).toBeVisible();
  });
});
