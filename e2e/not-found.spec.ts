import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { ROUTES, consoleAfterSalePath, consoleOrderPath, afterSalePath, orderPath, paymentPath, productPath } from "@/lib/config/routes";
import { expect, openAccountMenu, registerFreshCustomer, test } from "./fixtures";
import { signInAsOperator } from "./shop-api";
import { watchViolations } from "./support/csp-violations";

// Every 404 the address alone proves is the designed page in the server's HTML with the 404
// status, whatever kind of page stands at that address (prerendered, cached, or rendered per
// request), and it works in the browser under the policy it is served with.

const HEADING = "We can't find that page";
const DESIGNED_404 = /<h1[^>]*>We can(&#x27;|')t find that page<\/h1>/;

async function expectServerDrawn404(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(404);
  const html = await response.text();
  expect(html, `${path} without JavaScript`).toMatch(DESIGNED_404);
  // Its head: one robots tag, saying noindex, and a link preview that exists.
  expect(html.match(/<meta name="robots"[^>]*>/g), `${path}: robots tags`).toEqual(['<meta name="robots" content="noindex"/>']);
  for (const [, image] of html.matchAll(/<meta property="og:image" content="([^"]+)"/g)) {
    const preview = await request.get(new URL(image ?? "").pathname + new URL(image ?? "").search);
    expect(preview.status(), `${path}: its og:image ${image}`).toBe(200);
  }
}

/** `violations`: what watchViolations reports for this page (it can watch a page once). */
async function expectBrowser404(page: Page, path: string, { signedIn, violations }: { signedIn: boolean; violations: string[] }) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: HEADING })).toBeVisible();
  const here = new URL(page.url());
  expect(`${here.pathname}${here.search}`, "the address followed stays").toBe(path);
  // The page came alive under the policy it was served with: the top bar's menu opens.
  await openAccountMenu(page, signedIn);
  expect(violations, path).toEqual([]);
}

test.describe("404 pages drawn on the server", () => {
  test("a visitor's: unknown address, product, deal and store shelf", async ({ page, request }) => {
    const paths = ["/no-such-page", productPath("LW-NOPE-3"), `${ROUTES.deals}/anything`, `${ROUTES.store}?category=kitchen`];
    for (const path of paths) await expectServerDrawn404(request, path);
    await expectBrowser404(page, `${ROUTES.store}?category=kitchen&sort=price_asc`, {
      signedIn: false,
      violations: await watchViolations(page),
    });
    // The shelf itself and a known category are pages as before.
    expect((await request.get(`${ROUTES.store}?category=filter`)).status()).toBe(200);
  });

  test("a customer's: an order, a request or a payment page whose id cannot be one", async ({ page }) => {
    await registerFreshCustomer(page);
    const violations = await watchViolations(page);
    const paths = [orderPath("5E461C55"), afterSalePath("not-a-request"), paymentPath("12"), ROUTES.payment];
    for (const path of paths) await expectServerDrawn404(page.request, path);
    await expectBrowser404(page, orderPath("5E461C55"), { signedIn: true, violations });
    await expectBrowser404(page, paymentPath("12"), { signedIn: true, violations });

    // Only the database knows that a well-formed id names no order of this customer's: still a 404.
    const unknown = orderPath(randomUUID());
    expect((await page.goto(unknown))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: HEADING })).toBeVisible();
  });

  test("the console's: an order or a request whose id cannot be one", async ({ page }) => {
    await signInAsOperator(page);
    for (const path of [consoleOrderPath("#5E461C55"), consoleAfterSalePath("nope")]) await expectServerDrawn404(page.request, path);
    await expectBrowser404(page, consoleOrderPath("nope"), { signedIn: true, violations: await watchViolations(page) });
  });
});
