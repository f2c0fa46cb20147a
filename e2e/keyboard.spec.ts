import { randomUUID } from "node:crypto";
import { ROUTES, consoleOrderPath, orderPath } from "@/lib/config/routes";
import { orderNumber } from "@/lib/display/order-display";
import { codeInMail, newestMailTo } from "@/lib/server/mail/outbox-reader";
import { E2E_OUTBOX, TEST_ADDRESS, expect, registerFreshCustomer, test } from "./fixtures";
import { buyNowThroughApi, deliveredOrder, payThroughApi, signInAsOperator, withOperator } from "./shop-api";
import { expectFocusTrapped, expectFocusVisible, tabAndPress, tabAndType, tabTo } from "./support/keyboard";
import { SHOP_ROUTES } from "./support/page-routes";

// A customer and an operator who use only the keyboard: once a page is loaded, every step is a key
// (Tab, Shift+Tab, Enter, Space, Escape, arrows, typing). Each stop Tab makes shows its focus ring,
// an open dialog or drawer keeps focus inside it, and closing it gives focus back to its opener.

const SKIP_LINK = "Skip to main content";
const TEST_CARD = "4242 4242 4242 4242";
const expiry = () => `12 / ${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;

test.describe("skip link", () => {
  for (const route of SHOP_ROUTES.filter(({ skipLink }) => skipLink)) {
    test(`${route.name}: the first Tab shows the skip link, Enter moves to the main content, the next Tab to its first control`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      await page.goto(await route.open({ page, playwright, baseURL }));
      await page.waitForLoadState("load");
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: SKIP_LINK });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await expectFocusVisible(page);

      await page.keyboard.press("Enter");
      const main = page.locator("#main");
      await expect(main).toBeFocused();
      await page.keyboard.press("Tab");
      // The first control of the main content in the order Tab follows, as the page draws it.
      const first = await main.evaluate((element) => {
        const focused = document.activeElement;
        const controls = [
          ...element.querySelectorAll<HTMLElement>(
            'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])',
          ),
        ].filter((control) => control.checkVisibility({ visibilityProperty: true }) && !control.closest("[inert]"));
        return { focusedIsFirst: controls[0] === focused, inMain: element.contains(focused), first: controls[0]?.outerHTML.slice(0, 120) };
      });
      expect(first.inMain, "the next Tab stays in the main content").toBe(true);
      expect(first.focusedIsFirst, `the next Tab reaches ${first.first ?? "nothing"}`).toBe(true);
      await expectFocusVisible(page);
    });
  }
});

test.describe("keyboard journeys", () => {
  test("browse from the home page to a product, add it, open the cart, check out, pay with the test card, and find the order", async ({
    page,
  }) => {
    test.slow();
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    await page.goto(ROUTES.home);
    await tabAndPress(page, page.getByRole("main").getByRole("link", { name: "Post-carbon taste cartridge" }).first());
    await expect(page.getByRole("heading", { level: 1, name: "Post-carbon taste cartridge" })).toBeVisible();

    // Adding opens the drawer; Escape closes it and focus is back on Add to cart.
    const add = page.getByRole("button", { name: "Add to cart" });
    await tabAndPress(page, add);
    const drawer = page.getByTestId("cart-drawer");
    await expect(drawer.getByRole("group", { name: /Quantity of Post-carbon/ })).toBeVisible();
    await expectFocusTrapped(page, drawer);
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(add).toBeFocused();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    // The cart button, back up in the top bar, opens it again; its Close button gives focus back.
    const cart = page.locator("header").getByRole("button", { name: /^Cart/ });
    await tabAndPress(page, cart, "Enter", { backwards: true, max: 60 });
    await expect(drawer.getByRole("group", { name: /Quantity of Post-carbon/ })).toBeVisible();
    await expectFocusTrapped(page, drawer);
    await tabAndPress(page, drawer.getByRole("button", { name: "Close" }).first(), "Enter", { backwards: true });
    await expect(drawer).toHaveCount(0);
    await expect(cart).toBeFocused();

    await page.keyboard.press("Enter");
    await tabAndPress(page, drawer.getByRole("button", { name: "Checkout" }));
    await expect(page).toHaveURL(/\/mart\/payment\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
    await expect(page.getByLabel("ZIP code")).toHaveValue(TEST_ADDRESS.zip);
    await tabAndType(page, page.getByLabel("Card number"), TEST_CARD, { max: 60 });
    await tabAndType(page, page.getByLabel("Expiry (MM / YY)"), expiry());
    await tabAndType(page, page.getByLabel("Security code (CVC)"), "123");
    await tabAndType(page, page.getByLabel("Name on the card"), TEST_ADDRESS.fullName);
    await tabAndPress(page, page.getByRole("button", { name: /^Pay \$/ }));
    await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();

    await page.goto(ROUTES.orders);
    const link = page.getByRole("link", { name: `Order #${orderNumber(orderId)}` });
    await tabAndPress(page, link, "Enter", { max: 60 });
    await expect(page).toHaveURL(new RegExp(`${orderPath(orderId)}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Order #${orderNumber(orderId)}` })).toBeVisible();
    await expect(page.getByRole("list", { name: "Order history" }).getByText("Payment received")).toBeVisible();
  });

  test("register with the e-mailed code, log out from the account menu, and log in again", async ({ page }) => {
    test.slow();
    const email = `keys-${randomUUID()}@example.com`;
    const password = "quiet river morning";
    await page.goto(ROUTES.register);
    await tabAndType(page, page.getByLabel("E-mail", { exact: true }), email, { max: 60 });
    await tabAndPress(page, page.getByRole("button", { name: "Send code" }));
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    let code: string | null = null;
    await expect.poll(async () => (code = codeInMail(await newestMailTo(E2E_OUTBOX, email)))).toMatch(/^\d{6}$/);
    await tabAndType(page, page.getByLabel("Code from the e-mail"), code ?? "", { backwards: false, max: 60 });
    await tabAndType(page, page.getByLabel("Password"), password);
    await tabAndType(page, page.getByLabel("Name (optional)"), "Robin");
    await tabAndPress(page, page.getByRole("button", { name: "Create account" }));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").filter({ hasText: "Your account is created and you are logged in." })).toBeVisible();

    // The account menu opens with Enter, closes with Escape (focus back on it), and logs out.
    const menu = page.locator("header").getByRole("button", { name: "Account menu for Robin" });
    await tabAndPress(page, menu);
    const logout = page.getByRole("button", { name: "Logout" });
    await expect(logout).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(logout).toBeHidden();
    await expect(menu).toBeFocused();
    await page.keyboard.press("Enter");
    await tabAndPress(page, logout);
    await expect(page.getByRole("alert").filter({ hasText: "Logout Successfully" })).toBeVisible();

    await page.goto(ROUTES.login);
    await tabAndType(page, page.getByLabel("E-mail", { exact: true }), email, { max: 60 });
    await tabAndType(page, page.getByLabel("Password"), password);
    await page.keyboard.press("Enter");
    await expect(page.locator("header").getByRole("button", { name: "Account menu for Robin" })).toBeVisible();
  });

  test("ask for a return on a delivered order through the after-sale dialog", async ({ page, playwright, baseURL }) => {
    test.slow();
    await registerFreshCustomer(page, { address: TEST_ADDRESS });
    const orderId = await withOperator(playwright, baseURL, (operator) => deliveredOrder(page, operator, "LW-F2-RO", 1));
    await page.goto(orderPath(orderId));
    const opener = page.getByRole("button", { name: "Request after-sale service for RO membrane cartridge" });
    await tabAndPress(page, opener, "Enter", { max: 60 });
    // The panel: the dialog element around it is a box of no size, which Playwright calls hidden.
    const dialog = page.getByTestId("apply-after-sale-dialog");
    await expect(dialog.getByRole("heading", { name: "Request after-sale service" })).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // Again, and this time closed with its own Close button.
    await page.keyboard.press("Enter");
    await tabAndPress(page, dialog.getByRole("button", { name: "Close" }));
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // The types are radios: Tab reaches the group, the arrows choose, Space keeps the choice.
    await page.keyboard.press("Enter");
    await tabTo(page, dialog.getByRole("radio", { name: /^Return/ }));
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("radio", { name: /^Return/ })).toBeChecked();
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("radio", { name: /^Refund/ })).toBeChecked();
    await page.keyboard.press("ArrowUp");
    await expect(dialog.getByRole("radio", { name: /^Return/ })).toBeChecked();
    // A closed select takes its option from the letters typed.
    await tabAndType(page, dialog.getByLabel("Reason"), "Damaged");
    await expect(dialog.getByLabel("Reason")).toHaveValue("Damaged on arrival");
    await tabAndType(page, dialog.getByLabel("Description"), "The seal was cracked when it arrived.");
    await tabAndPress(page, dialog.getByRole("button", { name: "Send request" }));
    await expect(page).toHaveURL(/\/account\/after-sale\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Request #/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Request history" }).getByText("Request received")).toBeVisible();
  });

  test("an operator finds a paid order in the console and marks it shipped", async ({ page }) => {
    test.slow();
    const customer = await registerFreshCustomer(page, { address: TEST_ADDRESS });
    const orderId = await buyNowThroughApi(page, "LW-F2-RO", 1);
    await payThroughApi(page, orderId);
    await signInAsOperator(page);

    await page.goto(`${ROUTES.consoleOrders}?q=${encodeURIComponent(customer.email)}&status=paid`);
    await tabAndPress(page, page.getByRole("link", { name: orderNumber(orderId) }), "Enter", { max: 60 });
    await expect(page).toHaveURL(new RegExp(`${consoleOrderPath(orderId)}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Order ${orderNumber(orderId)}` })).toBeVisible();
    await tabAndType(page, page.getByLabel("Carrier"), "UPS", { max: 60 });
    await tabAndType(page, page.getByLabel("Tracking number"), `1Z${orderId.slice(0, 8).toUpperCase()}`);
    await tabAndPress(page, page.getByRole("button", { name: "Mark shipped" }));
    await expect(page.getByRole("status").filter({ hasText: "marked shipped" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Timeline" }).getByRole("row").filter({ hasText: "Shipped" })).toBeVisible();
  });
});
