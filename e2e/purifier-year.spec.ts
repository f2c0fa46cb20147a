import { randomBytes } from "node:crypto";
import { addCalendarMonths, addDays } from "@/lib/rules/calendar-day";
import { ROUTES, orderPath, productPath } from "@/lib/config/routes";
import { STORE_TIME_ZONE } from "@/lib/config/store";
import { TEST_ADDRESS, expect, registerFreshCustomer, test } from "./fixtures";
import { payOnPaymentPage, withOperator } from "./shop-api";

// A purifier owner's first year, on a phone: buy the purifier with a yearly membership, receive it,
// find it under My purifiers, buy again at member prices with free shipping, let the calendar reach
// 14 days before the pre-filter is due (the operator's run of the scheduled work, at that moment, on a
// server started with SCHEDULE_TIME_TRAVEL=on), see the free filter order, then cancel and see the
// refund. It runs in a project of its own after every other test: moving the calendar runs every
// customer's renewals and reminders, which must not happen under another test's feet.

/** Today in the shop's time zone, as a calendar day. */
function shopToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: STORE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}

test("a member's year on a phone: purifier, member prices, filters on schedule, cancel and refund", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await registerFreshCustomer(page, { address: TEST_ADDRESS });

  // The purifier and the yearly membership, in one order.
  await page.goto(productPath("LW-RO600"));
  await page.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByTestId("cart-drawer");
  await expect(drawer.getByText("Lenwell RO600 Countertop Reverse-Osmosis Water Purifier")).toBeVisible();
  await page.goto(productPath("LW-MEM-Y"));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(drawer.getByText("Lenwell Membership, yearly")).toBeVisible();
  await drawer.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/mart\/payment\?orderId=/, { timeout: 20_000 });
  await expect(page.getByTestId("renewal-card-note")).toBeVisible();
  await expect(page.getByLabel("ZIP code")).toHaveValue(TEST_ADDRESS.zip);
  const firstOrder = new URL(page.url()).searchParams.get("orderId") ?? "";
  await payOnPaymentPage(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();

  // The shop ships it with the unit's serial and it is delivered.
  const serial = `RO6-${randomBytes(4).toString("hex").toUpperCase()}`;
  await withOperator(playwright, baseURL, async (operator) => {
    await operator("orders/ship", {
      orderId: firstOrder,
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      serials: [{ skuNum: "LW-RO600", serials: [serial] }],
    });
    await operator("orders/deliver", { orderId: firstOrder });
  });

  // My purifiers, from the account page: the unit, its serial and its three filter stages.
  await page.goto(ROUTES.account);
  await page.getByRole("link", { name: "View my purifiers" }).click();
  await expect(page).toHaveURL(ROUTES.purifiers);
  await expect(page.getByText(`Serial ${serial}`)).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(3);
  const today = shopToday();
  const preFilterDue = addCalendarMonths(today, 6);

  // A second order: the member price and free UPS Ground.
  await page.goto(productPath("LW-ACC-TDS"));
  await expect(page.getByTestId("member-price")).toContainText("Member price $12.75");
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/mart\/payment\?orderId=/, { timeout: 20_000 });
  await expect(page.getByTestId("member-shipping")).toHaveText("Free UPS Ground with your membership");
  await expect(page.getByTestId("summary-shipping")).toHaveText("Free");
  await expect(page.getByTestId("order-total")).toHaveText("$13.55");
  // The card kept for the renewals is offered first; the member pays with it.
  await expect(page.getByRole("radio", { name: /^Visa ending 4242/ })).toBeChecked();
  await page.getByRole("button", { name: "Pay $13.55" }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();

  // The calendar moves: one day before the order day nothing happens; on it (14 days before the
  // pre-filter is due, noon in Houston) the free filter order is made, once however often it runs.
  const runAt = async (day: string) =>
    withOperator(playwright, baseURL, (operator) =>
      operator<{ report: Record<string, Record<string, number>> }>("jobs/run", { at: `${day}T12:00:00-06:00` }),
    );
  await runAt(addDays(preFilterDue, -15));
  await page.goto(ROUTES.orders);
  await expect(page.getByText("Composite pre-filter (PP + carbon)")).toHaveCount(0);
  await runAt(addDays(preFilterDue, -14));
  await runAt(addDays(preFilterDue, -14));
  await page.reload();
  const filterOrders = page.getByText("Composite pre-filter (PP + carbon)", { exact: true });
  await expect(filterOrders).toHaveCount(1);
  await page
    .getByRole("article")
    .filter({ has: filterOrders })
    .getByRole("link", { name: /^Order #/ })
    .click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-total")).toHaveText("$0.00");

  // The member cancels from the account page and is refunded the unused months of the year paid.
  await page.goto(ROUTES.account);
  await page.getByRole("button", { name: "Cancel membership" }).click();
  const dialog = page.getByTestId("cancel-membership-dialog");
  await expect(dialog).toContainText("Your membership ends today. We refund $129.00 for 12 unused full months to Visa •••• 4242.");
  await dialog.getByRole("button", { name: "Yes, cancel membership" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("membership").getByText("Cancelled")).toBeVisible();
  await page.goto(orderPath(firstOrder));
  await expect(page.getByText("−$129.00")).toBeVisible();
});
