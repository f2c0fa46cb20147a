import { test as base, expect, type Page } from "@playwright/test";

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
 * Stands in for a signed-in customer until the accounts slice exists: the shell asks the API who is
 * signed in and what is in the cart, and these answers say "someone, with `count` items".
 */
export async function fakeSignedIn(page: Page, count: number) {
  await page.route("**/api/v1/c/user/profile", (route) =>
    route.fulfill({
      json: {
        code: 200,
        errmsg: "",
        data: {
          user: {
            id: "u_test",
            email: "ada@example.com",
            username: "Ada",
            phone: null,
            defaultAddress: null,
            membership: null,
          },
        },
      },
    }),
  );
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
