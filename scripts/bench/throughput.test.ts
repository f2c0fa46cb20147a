// @vitest-environment node
import { describe, expect, it } from "vitest";
import { PRODUCT_ROUTE, THROUGHPUT_BUDGET } from "./budgets";
import { failuresOf, markdownTable } from "./report";
import { STATIC_ROUTE, throughputTable, type LoadResult, type NginxThroughput, type ShopThroughput } from "./throughput";

// The throughput table judges the pages against nginx serving the same HTML in the same run, and
// counts every failed request as a figure outside its budget. These build the table from made-up
// measurements and read what the run would report.

function load(requestsPerSecond: number, p99Ms: number, failed = 0): LoadResult {
  return { requestsPerSecond, p50Ms: p99Ms / 2, p99Ms, non2xx: failed, errors: 0, total: 1000, warmUpTotal: 300 };
}

const nginx: NginxThroughput = { staticPage: load(10_000, 2), productPage: load(8_000, 3) };

/** A shop whose every figure is within its budget, with `changes` over it. */
function shop(changes: Partial<ShopThroughput> = {}): ShopThroughput {
  return {
    engine: "postgres",
    staticPage: load(2_000, 10),
    productPage: load(1_500, 20),
    productPageUnderLoginStorm: load(1_000, 30),
    loginStorm: { total: 500, statuses: { 401: 500 } },
    cartList: load(600, 30),
    cartAdd: load(400, 40),
    cartListAlone: load(300, 4),
    cartAddAlone: load(250, 6),
    ...changes,
  };
}

const failures = (measured: ShopThroughput, limit: NginxThroughput = nginx) => failuresOf([throughputTable([measured], limit, 5)]);

describe("throughputTable", () => {
  it("finds nothing outside the budgets when the pages keep their shares of nginx and nothing failed", () => {
    expect(failures(shop())).toEqual([]);
  });

  it("fails the static page under its share of nginx's requests/s, and passes it at the share", () => {
    const share = THROUGHPUT_BUDGET.staticShareOfNginx;
    const below = failures(shop({ staticPage: load(10_000 * share - 10, 10) }));
    expect(below).toHaveLength(1);
    expect(below[0]).toContain(`${STATIC_ROUTE} (static), postgres, Share of nginx`);
    expect(failures(shop({ staticPage: load(10_000 * share, 10) }))).toEqual([]);
  });

  it("fails the product page under its share of nginx's requests/s for the product page's HTML", () => {
    const share = THROUGHPUT_BUDGET.productShareOfNginx;
    const below = failures(shop({ productPage: load(8_000 * share - 10, 20) }));
    expect(below).toEqual([expect.stringContaining(`${PRODUCT_ROUTE}, postgres, Share of nginx`)]);
    // The same page against a slower nginx keeps its share: the budget moves with the machine.
    const slowerMachine = { staticPage: load(5_000, 2), productPage: load(4_000, 3) };
    expect(failures(shop({ productPage: load(8_000 * share - 10, 20) }), slowerMachine)).toEqual([]);
  });

  it("fails the product page's p99 above its multiple of nginx's p99", () => {
    const limit = 3 * THROUGHPUT_BUDGET.productP99OverNginx;
    const p99 = (value: number) => failures(shop({ productPage: load(1_500, value) })).filter((line) => line.includes("p99"));
    expect(p99(limit)).toEqual([]);
    expect(p99(limit + 1)).toEqual([expect.stringContaining(`${PRODUCT_ROUTE}, postgres, p99 ${limit + 1} ms ✗ (≤ ${limit} ms)`)]);
  });

  it("takes an nginx p99 of 0 ms (under autocannon's resolution) as 1 ms, not as a budget nothing meets", () => {
    const fastNginx = { staticPage: load(10_000, 0), productPage: load(8_000, 0) };
    const limit = THROUGHPUT_BUDGET.productP99OverNginx;
    const storm = { productPageUnderLoginStorm: load(1_000, limit) };
    expect(failures(shop({ productPage: load(1_500, limit), ...storm }), fastNginx)).toEqual([]);
    expect(failures(shop({ productPage: load(1_500, limit + 1), ...storm }), fastNginx)).toEqual([
      expect.stringContaining(`${PRODUCT_ROUTE}, postgres, p99`),
    ]);
  });

  it("holds the product page during the login storm to the page's own shares of nginx", () => {
    const share = THROUGHPUT_BUDGET.productShareOfNginx;
    const storm = (requestsPerSecond: number, p99Ms: number) =>
      failures(shop({ productPageUnderLoginStorm: load(requestsPerSecond, p99Ms) }));
    // A third of the page's rate alone is within budget while it keeps its share of nginx's.
    expect(storm(8_000 * share, 3 * THROUGHPUT_BUDGET.productP99OverNginx)).toEqual([]);
    expect(storm(8_000 * share - 10, 30)).toEqual([expect.stringContaining("during 100 parallel wrong logins")]);
    expect(storm(8_000 * share - 10, 30)[0]).toContain("Share of nginx");
    expect(storm(1_000, 3 * THROUGHPUT_BUDGET.productP99OverNginx + 1)).toEqual([expect.stringContaining("p99")]);
  });

  it("lists a failed cart request as outside the budget, and shows it in the table", () => {
    const found = failures(shop({ cartAdd: load(400, 40, 3) }));
    expect(found).toEqual([expect.stringContaining("POST /order/cart/add/, postgres, Failed 3 of 1000 ✗ (≤ 0)")]);
    const table = markdownTable(throughputTable([shop({ cartAdd: load(400, 40, 3) })], nginx, 5));
    expect(table).toContain("**3 of 1000 ✗** (≤ 0)");
  });

  it("counts connection errors and timeouts as failures too", () => {
    const failedConnections: LoadResult = { ...load(600, 30), errors: 2 };
    expect(failures(shop({ cartList: failedConnections }))).toEqual([
      expect.stringContaining("GET /order/cart/list, postgres, Failed 2 of 1000"),
    ]);
  });
});
