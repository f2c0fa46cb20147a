import type { Page } from "@playwright/test";
import { ROUTES } from "@/lib/config/routes";
import { expect, signInWithCart, isMobileProject, scrollToY, test } from "./fixtures";

const header = (page: Page) => page.locator("header").first();

test.describe("top bar", () => {
  test("the logo goes home and the menus hold their entries (desktop)", async ({ page }, info) => {
    test.skip(isMobileProject(info.project.name), "desktop menus");
    await page.goto(ROUTES.faq);
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await nav.getByRole("button", { name: "Product" }).click();
    for (const [name, href] of [
      ["Water purifier", ROUTES.purifier],
      ["Care plan", ROUTES.care],
      ["Repair", ROUTES.repair],
      ["Store", ROUTES.store],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Shop", exact: true })).toHaveAttribute("href", ROUTES.store);
    await nav.getByRole("button", { name: "About" }).click();
    // Opening one menu closes the other (focus moved out of it).
    await expect(nav.getByRole("link", { name: "Repair", exact: true })).toBeHidden();
    for (const name of ["About us", "Policy", "FAQ", "Contact us"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await nav.getByRole("link", { name: "About us", exact: true }).click();
    await expect(page).toHaveURL(/\/about\/aboutus$/);
    await header(page).getByRole("link", { name: "Lenwell home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("menus work with the keyboard alone", async ({ page }, info) => {
    test.skip(isMobileProject(info.project.name), "desktop menus");
    await page.goto(ROUTES.faq);
    const service = page.getByRole("navigation", { name: "Main" }).first().getByRole("button", { name: "Service" });
    await service.focus();
    await page.keyboard.press("Enter");
    await expect(service).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Water purifier plan" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(service).toHaveAttribute("aria-expanded", "false");
    await expect(service).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Care plan" }).last()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/lenwellcare$/);
  });

  test("a skip link leads past the top bar to the content", async ({ page }) => {
    await page.goto(ROUTES.faq);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });

  test("the hamburger menu appears under 821 px and mirrors the menus", async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 800 });
    await page.goto(ROUTES.faq);
    const hamburger = page.getByRole("button", { name: "Open menu" });
    await expect(hamburger).toBeVisible();
    await expect(page.getByRole("button", { name: "Product" })).toBeHidden();
    await hamburger.click();
    const panel = page.getByRole("navigation", { name: "Main" }).last();
    // The panel covers the page below the bar (a containing block on the bar would squash it).
    expect((await panel.boundingBox())?.height ?? 0).toBeGreaterThan(700);
    for (const name of [
      "Water purifier",
      "Care plan",
      "Repair",
      "Store",
      "Shop",
      "Water purifier plan",
      "About us",
      "Policy",
      "FAQ",
      "Contact us",
    ]) {
      await expect(panel.getByRole("link", { name, exact: true }).first()).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await page.getByRole("button", { name: "Open menu" }).click();
    await panel.getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(/\/about\/contactus$/);
    await expect(panel).toBeHidden();

    await page.setViewportSize({ width: 821, height: 800 });
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Product" })).toBeVisible();
  });

  test("logged out, the user menu offers Login and Register and the cart goes to login", async ({ page }) => {
    await page.goto(ROUTES.faq);
    await header(page).getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", ROUTES.login);
    await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute("href", ROUTES.register);
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await header(page).getByRole("button", { name: "Cart" }).click();
    await expect(page).toHaveURL(/\/account\/login$/);
    const cookies = await page.context().cookies();
    expect(decodeURIComponent(cookies.find((cookie) => cookie.name === "login_return_path")?.value ?? "")).toBe(ROUTES.faq);
  });

  test("signed in, the user menu offers My Account and Logout and the badge caps at 99+", async ({ page }) => {
    const { username } = await signInWithCart(page, 150);
    await page.goto(ROUTES.faq);
    await expect(page.getByTestId("cart-badge")).toHaveText("99+");
    await header(page)
      .getByRole("button", { name: `Account menu for ${username}` })
      .click();
    await expect(page.getByRole("link", { name: "My Account" })).toHaveAttribute("href", ROUTES.account);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("Logout ends the session, shows Logout Successfully and goes home", async ({ page }) => {
    const { username } = await signInWithCart(page, 1);
    await page.goto(ROUTES.faq);
    await header(page)
      .getByRole("button", { name: `Account menu for ${username}` })
      .click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Logout Successfully" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
    expect((await page.context().cookies()).find((cookie) => cookie.name === "Token")).toBeUndefined();
    expect((await page.request.get("/api/v1/c/user/profile")).status()).toBe(401);
  });

  test("the badge shows the exact count up to 99", async ({ page }) => {
    await signInWithCart(page, 99);
    await page.goto(ROUTES.aboutUs);
    await expect(page.getByTestId("cart-badge")).toHaveText("99");
  });

  test("signed in, the cart icon opens the cart drawer, which closes again", async ({ page }, info) => {
    await signInWithCart(page, 3);
    await page.goto(ROUTES.faq);
    await header(page).getByRole("button", { name: "Cart, 3 items" }).click();
    const drawer = page.getByTestId("cart-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("heading", { name: "Shopping cart" })).toBeVisible();
    await expect(drawer.getByText("Taxes are calculated at checkout.")).toBeVisible();
    // The drawer reads the real cart: the three pieces are one line, so Checkout is open.
    await expect(drawer.getByTestId("cart-line")).toHaveCount(1);
    await expect(drawer.getByRole("button", { name: "Checkout" })).toBeEnabled();
    const width = (await drawer.boundingBox())?.width ?? 0;
    const viewport = page.viewportSize()?.width ?? 0;
    if (isMobileProject(info.project.name)) expect(Math.round(width)).toBe(Math.round(viewport * 0.95));
    else expect(Math.round(width)).toBe(600);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await header(page).getByRole("button", { name: "Cart, 3 items" }).click();
    await drawer.getByRole("button", { name: "Close" }).last().click();
    await expect(drawer).toBeHidden();
  });

  for (const path of [ROUTES.home, ROUTES.purifier]) {
    test(`after 300 px of scroll on ${path} the sales buttons replace the user and cart icons`, async ({ page }) => {
      await page.goto(path);
      const bar = header(page);
      await expect(bar.getByRole("button", { name: "Cart" })).toBeVisible();
      await scrollToY(page, 300);
      await expect(bar.getByRole("link", { name: "Buy Water Purifier Now" })).toHaveCount(0);
      await scrollToY(page, 301);
      await expect(bar.getByRole("link", { name: "Buy Water Purifier Now" })).toHaveAttribute("href", "/mart/detail/LW-RO600");
      await expect(bar.getByRole("link", { name: "Join Membership" })).toHaveAttribute("href", ROUTES.membership);
      await expect(bar.getByRole("button", { name: "Cart" })).toHaveCount(0);
      await expect(bar.getByRole("button", { name: /Account menu/ })).toHaveCount(0);
      await scrollToY(page, 0);
      await expect(bar.getByRole("button", { name: "Cart" })).toBeVisible();
    });
  }

  test("the sales buttons fit the bar: one line each, 44 px tall, all inside the screen", async ({ page }) => {
    await page.goto(ROUTES.home);
    await scrollToY(page, 400);
    const bar = header(page);
    const width = page.viewportSize()?.width ?? 0;
    for (const name of ["Buy Water Purifier Now", "Join Membership"]) {
      const link = bar.getByRole("link", { name });
      await expect(link).toBeVisible();
      // The label's text box (on a phone part of it is for screen readers only) is one line high.
      const lines = await link.evaluate((element) => {
        const label = element.firstElementChild;
        if (!label) return 0;
        return Math.round(label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight));
      });
      expect(lines, name).toBe(1);
      const box = await link.boundingBox();
      expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? width + 1), name).toBeLessThanOrEqual(width);
    }
  });

  test("other pages keep the user and cart icons however far you scroll", async ({ page }) => {
    await page.goto(ROUTES.faq);
    await scrollToY(page, 900);
    await expect(header(page).getByRole("button", { name: "Cart" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Buy Water Purifier Now" })).toHaveCount(0);
  });

  test("the top bar is hidden on /deals and shows elsewhere", async ({ page }) => {
    await page.goto(ROUTES.deals);
    await expect(page.locator("header")).toHaveCount(0);
    await page.goto(ROUTES.faq);
    await expect(page.locator("header")).toHaveCount(1);
  });

  test("the Deals link shows only when the address has a deals parameter", async ({ page }, info) => {
    await page.goto(ROUTES.faq);
    await expect(page.getByRole("link", { name: "Deals", exact: true })).toHaveCount(0);
    await page.goto(`${ROUTES.faq}?deals`);
    if (isMobileProject(info.project.name)) await page.getByRole("button", { name: "Open menu" }).click();
    const deals = page.getByRole("link", { name: "Deals", exact: true });
    await expect(deals).toBeVisible();
    await deals.click();
    await expect(page).toHaveURL(/\/deals$/);
  });
});
