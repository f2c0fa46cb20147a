import { BENCH_PAGES, CSS_BUDGET, JS_ABOVE_BARE_BUDGET, KB } from "@/scripts/bench/budgets";
import { measureRoutes } from "@/scripts/bench/bundles";
import { PURIFIER_SKU } from "@/lib/config/store";
import { expect, registerFreshCustomer, test } from "./fixtures";
import { buyNowThroughApi } from "./shop-api";

// The size budgets of the benchmark suite (scripts/bench): what each page's HTML loads, against the
// bare page of this very build. Sizes do not depend on the machine, so this is a test; speed is
// measured by `npm run bench`.
test("every page stays within its first-load JavaScript and CSS budgets", async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "Sizes are the same at every screen size");
  test.setTimeout(60_000);
  await registerFreshCustomer(page);
  const orderId = await buyNowThroughApi(page, PURIFIER_SKU, 1);
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");

  const { bare, routes } = await measureRoutes(baseURL ?? "", { cookie, paymentQuery: `?orderId=${orderId}` });
  expect(routes.map((load) => load.route)).toEqual(BENCH_PAGES.map((benchPage) => benchPage.route));
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const over = routes.flatMap((load) => [
    ...(load.ownJsGzip > JS_ABOVE_BARE_BUDGET[load.kind]
      ? [`${load.route}: ${kb(load.ownJsGzip)} of JS above the bare page (${kb(bare.jsGzip)}), budget ${kb(JS_ABOVE_BARE_BUDGET[load.kind])}: ${load.ownJs.map((asset) => `${asset.url} ${kb(asset.gzip)}`).join(", ")}`]
      : []),
    ...(load.cssGzip > CSS_BUDGET ? [`${load.route}: ${kb(load.cssGzip)} of CSS, budget ${kb(CSS_BUDGET)}`] : []),
  ]);
  expect(over).toEqual([]);
});
