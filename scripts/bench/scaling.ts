// What a second instance buys: the product page, a cart add and a checkout through nginx
// round-robin, with one and then two standalone servers on PostgreSQL and Redis (as deployed), and
// the CPU each request costs the app processes. Requests per second depend on the cores the machine
// has (the load generator, nginx, PostgreSQL and the instances share them); CPU per request does
// not, so it is the figure to compare across machines.
import autocannon from "autocannon";
import { PRODUCT_ROUTE } from "./budgets";
import type { Figure, Table } from "./report";
import { call, emptyCart, listedGoods, signIn } from "./shop-api";
import { WARM_UP_S } from "./throughput";
import {
  clusterEnv,
  cpuSeconds,
  createDatabase,
  flushRedis,
  prepareStandalone,
  startBalancer,
  startInstance,
  waitUntilReady,
  type Instance,
} from "../cluster/instances";

export interface ScaledLoad {
  requestsPerSecond: number;
  p99Ms: number;
  total: number;
  failed: number;
  /** Answers other than 2xx, by status ("errors" for connections that failed). */
  failures: Record<string, number>;
  /** CPU time (user + system) of every instance process per answered request, in milliseconds. */
  cpuMsPerRequest: number;
}

export interface ScalingRun {
  instances: number;
  productPage: ScaledLoad;
  cartAdd: ScaledLoad;
  checkout: ScaledLoad;
}

interface LoadSpec {
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: () => string;
}

/** Seconds per instance of the warm-up round that runs every path before the measurements. */
const SCALING_WARM_UP_S = 5;

function load(baseUrl: string, spec: LoadSpec, durationS: number) {
  const { body } = spec;
  return autocannon({
    url: new URL(spec.path, baseUrl).href,
    method: spec.method ?? "GET",
    headers: spec.headers,
    connections: 10,
    duration: durationS,
    requests: body ? [{ setupRequest: (request) => ({ ...request, body: body() }) }] : undefined,
  });
}

async function measure(
  baseUrl: string,
  spec: LoadSpec,
  pids: number[],
  durationS: number,
  afterWarmUp: () => Promise<void> = async () => {},
): Promise<ScaledLoad> {
  await load(baseUrl, spec, WARM_UP_S);
  await afterWarmUp();
  const cpuBefore = cpuSeconds(pids);
  const result = await load(baseUrl, spec, durationS);
  const cpu = cpuSeconds(pids) - cpuBefore;
  const failed = result.non2xx + result.errors + result.timeouts;
  const failures: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {}))
    if (!status.startsWith("2")) failures[status] = stats.count ?? 0;
  if (result.errors + result.timeouts) failures.errors = result.errors + result.timeouts;
  const answered = Math.max(1, result.requests.total - result.non2xx);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    failed,
    failures,
    cpuMsPerRequest: (cpu * 1000) / answered,
  };
}

/** `count` instances on a fresh database behind nginx; each part measured; everything stopped after. */
async function runWith(count: number, basePort: number, durationS: number): Promise<ScalingRun> {
  await flushRedis();
  const database = await createDatabase("bench");
  const instances: Instance[] = [];
  const nginxUrl = `http://127.0.0.1:${basePort}`;
  let balancer: Awaited<ReturnType<typeof startBalancer>> | null = null;
  try {
    const env = clusterEnv({ databaseUrl: database.url, siteUrl: nginxUrl });
    for (let index = 0; index < count; index += 1) instances.push(startInstance(`scaling-${index + 1}`, basePort + 1 + index, env));
    await Promise.all(instances.map((instance) => waitUntilReady(instance)));
    balancer = await startBalancer(
      basePort,
      instances.map((instance) => instance.port),
    );
    const pids = instances.map((instance) => instance.child.pid ?? 0).filter(Boolean);

    const [customer, operator] = [await signIn(nginxUrl, "customer"), await signIn(nginxUrl, "admin")];
    const skus = (await listedGoods(nginxUrl)).map((product) => product.skuNum);
    // Stock that no run of adds or orders uses up; a cart line holds at most 1000, so adds go round every product.
    for (const sku of skus) await call(operator, "POST", "/api/v1/admin/catalogue/update", { sku, stock: 1_000_000 });
    await call(customer, "POST", "/api/v1/c/ulogin/save", {
      defaultAddress: { fullName: "Bench Scaling", line1: "1200 Main St", city: "Houston", state: "TX", zip: "77002" },
    });
    const api = { token: customer.token, "sec-fetch-site": "same-origin", "content-type": "application/json" };
    let next = 0;
    const nextSku = () => skus[next++ % skus.length] ?? "";

    const specs = {
      productPage: { path: PRODUCT_ROUTE },
      cartAdd: {
        path: "/api/v1/c/order/cart/add/",
        method: "POST",
        headers: api,
        body: () => JSON.stringify({ skuNum: nextSku(), quantity: 1 }),
      },
      checkout: {
        path: "/api/v1/c/merchandise/order/add",
        method: "POST",
        headers: api,
        body: () => JSON.stringify({ skuNum: nextSku(), quantity: 1 }),
      },
    } satisfies Record<string, LoadSpec>;
    // Every path warmed on every instance before anything is measured: a fresh process runs its
    // first thousands of requests slower while V8 compiles them, and two instances share the
    // warm-up, so without this round the second instance would look dearer than it is (measured:
    // 4.3 ms of CPU per cart add cold, 2.2 ms warm).
    for (const spec of Object.values(specs)) await load(nginxUrl, spec, SCALING_WARM_UP_S * count);

    const productPage = await measure(nginxUrl, specs.productPage, pids, durationS);
    // A cart line holds at most 1000: the measured adds start from an empty cart.
    const cartAdd = await measure(nginxUrl, specs.cartAdd, pids, durationS, () => emptyCart(customer));
    if (cartAdd.total > skus.length * 1000) console.warn("The scaling cart adds ran past the cart's line limits: lower --duration.");
    const checkout = await measure(nginxUrl, specs.checkout, pids, durationS);
    return { instances: count, productPage, cartAdd, checkout };
  } finally {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
  }
}

/** One instance, then two, on the standalone build (`npm run build` made it; the folder is prepared here). */
export async function scalingRuns(basePort: number, durationS: number): Promise<ScalingRun[]> {
  prepareStandalone();
  const one = await runWith(1, basePort, durationS);
  const two = await runWith(2, basePort, durationS);
  return [one, two];
}

const rps = (value: number): Figure => ({ value, unit: "req/s" });
const ms = (value: number): Figure => ({ value, unit: "ms" });

export function scalingTable(runs: ScalingRun[], durationS: number): Table {
  const [one, two] = runs;
  const parts: { label: string; pick: (run: ScalingRun) => ScaledLoad }[] = [
    { label: `GET ${PRODUCT_ROUTE}`, pick: (run) => run.productPage },
    { label: "POST /order/cart/add/", pick: (run) => run.cartAdd },
    { label: "POST /merchandise/order/add (checkout)", pick: (run) => run.checkout },
  ];
  // A figure with a budget of none, so that a failure is listed with the figures outside their budgets.
  const failedOf = (load?: ScaledLoad): Figure | null =>
    load ? { value: load.failed, unit: "count", outOf: load.total, budget: { limit: 0, kind: "max" } } : null;
  const statusesOf = (instances: number, load?: ScaledLoad) =>
    load?.failed
      ? [
          `${instances}: ${Object.entries(load.failures)
            .map(([status, count]) => `${count}× ${status}`)
            .join(", ")}`,
        ]
      : [];
  return {
    title: `Scaling through nginx round-robin, PostgreSQL + Redis (autocannon, 10 connections, ${durationS} s each after a ${WARM_UP_S} s warm-up)`,
    columns: [
      "Target",
      "1 instance",
      "2 instances",
      "2 / 1",
      "CPU per request, 1",
      "CPU per request, 2",
      "p99, 2",
      "Failed, 1",
      "Failed, 2",
    ],
    rows: parts.map(({ label, pick }) => {
      const first = one ? pick(one) : undefined;
      const second = two ? pick(two) : undefined;
      const statuses = [...statusesOf(1, first), ...statusesOf(2, second)];
      return {
        label: statuses.length ? `${label} (failed with ${statuses.join("; ")})` : label,
        cells: [
          first ? rps(first.requestsPerSecond) : null,
          second ? rps(second.requestsPerSecond) : null,
          first && second ? { value: second.requestsPerSecond / first.requestsPerSecond, unit: "" } : null,
          first ? ms(first.cpuMsPerRequest) : null,
          second ? ms(second.cpuMsPerRequest) : null,
          second ? ms(second.p99Ms) : null,
          failedOf(first),
          failedOf(second),
        ],
      };
    }),
    notes: [
      "Each run starts its instances (node .next/standalone/server.js) on a fresh PostgreSQL database and a flushed Redis db, behind the bench's own nginx round-robin (scripts/cluster/instances.ts: startBalancer; the shipped proxy is HAProxy, deploy/haproxy/haproxy.cfg): a new connection per request as the shipped proxy makes, without its per-address limits, which one benchmark client would meet first, nor its health checks.",
      "CPU per request: utime + stime of the instance processes (from /proc) over the measured seconds, divided by the requests answered. Unlike requests/s (autocannon, nginx, PostgreSQL and the instances share the machine's cores) it does not depend on the core count; it does rise when the instances compete for busy cores, and with anything else the machine runs meanwhile.",
      `Before the measurements, every path runs for ${SCALING_WARM_UP_S} s per instance (V8 compiles each instance's hot paths separately); then each measurement has its own ${WARM_UP_S} s warm-up.`,
      "Cart adds go round the listed goods (purifier, filters, accessories); checkout is the customer's buy-now order of one unit (stock raised first so none runs out).",
    ],
  };
}
