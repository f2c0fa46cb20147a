import { test as base, expect, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";

export const DEMO_CUSTOMER = DEMO_ACCOUNTS[0];

// Every test watches the network: nothing may leave the site (fonts, maps, images, analytics).
export const test = base.extend<{ offsiteRequests: string[] }>({
  offsiteRequests: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
      const offsite: string[] = [];
      page.on("request", (request) => {
        const url = request.url();
        if (url.startsWith("data:") || url.startsWith("blob:")) return;
        if (new URL(url).origin !== origin) offsite.push(url);
      });
      await use(offsite);
      expect(offsite, "requests that left the site").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function isMobileProject(projectName: string): boolean {
  return projectName === "mobile";
}

/**
 * Signs the demo customer in through the real login call (the browser context keeps the Token
 * cookie). The cart arrives with the buying slice, so its list is answered here with `count` items.
 */
export async function signInWithCart(page: Page, count: number) {
  const response = await page.request.post("/api/v1/c/ulogin/login", {
    data: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  });
  expect(response.status()).toBe(200);
  await page.route("**/api/v1/c/order/cart/list", (route) =>
    route.fulfill({
      json: {
        code: 200,
        errmsg: "",
        data: {
          cartList: [],
          shipping: "0.00",
          subTotal: "0.00",
          freeShippingThreshold: "37.00",
          amountToFreeShipping: "37.00",
          count,
        },
      },
    }),
  );
}

/** Scrolls the window to an exact offset and lets scroll listeners run. */
export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await page.waitForFunction((top) => Math.round(window.scrollY) === top, y);
}
