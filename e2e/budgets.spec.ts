import { BENCH_PAGES, CSS_BUDGET, JS_ABOVE_BARE_BUDGET, KB, PRODUCT_ROUTE } from "@/scripts/bench/budgets";
import { measureRoutes } from "@/scripts/bench/bundles";
import { PURIFIER_SKU } from "@/lib/config/store";
import { PUBLIC_PAGES } from "@/lib/config/routes";
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
      ? [
          `${load.route}: ${kb(load.ownJsGzip)} of JS above the bare page (${kb(bare.jsGzip)}), budget ${kb(JS_ABOVE_BARE_BUDGET[load.kind])}: ${load.ownJs.map((asset) => `${asset.url} ${kb(asset.gzip)}`).join(", ")}`,
        ]
      : []),
    ...(load.cssGzip > CSS_BUDGET ? [`${load.route}: ${kb(load.cssGzip)} of CSS, budget ${kb(CSS_BUDGET)}`] : []),
  ]);
  expect(over).toEqual([]);
});

// A picture fetched at high priority takes one of the browser's first connections, which the
// stylesheet needs for the first paint: a page may ask for one (its largest picture), never more,
// and never for one it does not show (the 404 picture, serialised into every page's payload).
test("each browse page fetches at most one picture at high priority, and only one it shows", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "The HTML is the same at every screen size");
  const pages = BENCH_PAGES.filter((benchPage) => benchPage.kind !== "payment");
  for (const { route } of pages) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    const fromHead = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchPriority="high"/g)].map((match) => match[1]);
    const fromHeader = [...(response.headers().link ?? "").matchAll(/<([^>]+)>; rel=preload; as="image"; fetchpriority="high"/g)].map(
      (match) => match[1],
    );
    const urgent = [...fromHead, ...fromHeader];
    expect(urgent.length, `${route}: ${urgent.join(", ")}`).toBeLessThanOrEqual(1);
    for (const url of urgent) expect(html, `${route} preloads ${url} without showing it`).toContain(`src="${url}"`);
  }
});

// A Suspense boundary that is not complete when the shell is sent comes later in the stream, and
// React's script then moves it into place: on a phone that relaid the whole page out just before
// its first paint (the top bar's search field did so on every page). Every page arrives whole;
// the streaming markers are React's own (a pending boundary's template and the script that fills it).
test("every page's HTML arrives whole, with no part streamed in after the first paint's shell", async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "The HTML is the same at every screen size");
  const routes = new Set([...PUBLIC_PAGES.map((publicPage) => publicPage.path), PRODUCT_ROUTE, "/search?q=filter", "/mart/detail/NOPE"]);
  for (const route of routes) {
    const html = await (await request.get(route)).text();
    const streamed = [...html.matchAll(/<template id="(B:\d+)"/g)].map((match) => match[1]);
    expect(streamed, `${route} streams ${streamed.join(", ")} after its shell`).toEqual([]);
  }
});
