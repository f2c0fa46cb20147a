import { ROUTES } from "@/lib/config/routes";
import { expect, test } from "./fixtures";

test.describe("middleware", () => {
  test("a referral code is remembered and rides on every in-site link", async ({ page }) => {
    await page.goto(`${ROUTES.home}?c=PARTNER_7`);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "referral_code")?.value).toBe("PARTNER_7");
    // Once the page is interactive, every in-site link carries the code.
    await expect
      .poll(() =>
        page
          .locator('a[href^="/"]')
          .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? "").filter((href) => !href.includes("c=PARTNER_7"))),
      )
      .toEqual([]);
    await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/about\/faq\?c=PARTNER_7$/);
    // Still remembered on a page opened without it.
    await page.goto(ROUTES.contact);
    await expect(page.locator("footer").getByRole("link", { name: "About us" })).toHaveAttribute("href", "/about/aboutus?c=PARTNER_7");
  });

  test("a malformed referral code is ignored", async ({ page }) => {
    await page.goto(`${ROUTES.home}?c=${encodeURIComponent("<script>")}`);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "referral_code")).toBeUndefined();
    await expect(page.locator("footer").getByRole("link", { name: "FAQ" })).toHaveAttribute("href", ROUTES.faq);
  });

  test("?platform=app marks an app webview, remembered in local storage and a cookie", async ({ page }) => {
    await page.goto(`${ROUTES.faq}?platform=app`);
    await expect(page.locator("html")).toHaveAttribute("data-platform", "app");
    expect(await page.evaluate(() => localStorage.getItem("lenwell.platform"))).toBe("app");
    expect((await page.context().cookies()).find((cookie) => cookie.name === "platform")?.value).toBe("app");
    // The app has its own support chat and footer.
    await expect(page.getByRole("link", { name: /Chat with Lenwell support/ })).toBeHidden();
    await expect(page.locator("footer")).toBeHidden();
    // Remembered from local storage alone, without the query or the cookie: once the page has
    // started, which sets the cookie again for the next page's first paint.
    await page.context().clearCookies();
    await page.goto(ROUTES.aboutUs);
    await expect(page.locator("html")).toHaveAttribute("data-platform", "app");
    await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "platform")?.value).toBe("app");
  });

  test("a normal visit is not the app variant", async ({ page }) => {
    await page.goto(ROUTES.faq);
    await expect(page.locator("html")).not.toHaveAttribute("data-platform", "app");
    await expect(page.locator("footer")).toBeVisible();
  });

  for (const path of [ROUTES.account, `${ROUTES.payment}?orderId=ord_123`, `${ROUTES.orders}/ord_123`]) {
    test(`${path} without a session redirects to login and keeps the return path`, async ({ page }) => {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect([307, 308]).toContain(response.status());
      expect(new URL(response.headers()["location"] ?? "", "http://x").pathname).toBe(ROUTES.login);
      await page.goto(path);
      await expect(page).toHaveURL(/\/account\/login$/);
      const cookie = (await page.context().cookies()).find((entry) => entry.name === "login_return_path");
      expect(decodeURIComponent(cookie?.value ?? "")).toBe(path);
    });
  }

  test("the return path is always a path on this site, however odd the address", async ({ page, baseURL }) => {
    const response = await page.request.get(`${baseURL}/account/user/%2F%2Fevil.example?next=//evil.example`, { maxRedirects: 0 });
    expect([307, 308]).toContain(response.status());
    const cookie = /login_return_path=([^;]*)/.exec(response.headers()["set-cookie"] ?? "")?.[1] ?? "";
    const returnPath = decodeURIComponent(cookie);
    expect(returnPath.startsWith("/account/user")).toBe(true);
    expect(new URL(returnPath, "http://shop.invalid").hostname).toBe("shop.invalid");
  });
});
