// Requests per second and latency under load (autocannon, loopback, bounded in time): a static
// browse page and the product page, each beside nginx serving the very same HTML (the limit of
// this machine for that response), and the cart calls with a real session.
import { spawn } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import autocannon from "autocannon";
import { PRODUCT_ROUTE, THROUGHPUT_BUDGET } from "./budgets";
import type { ShopServer } from "./shop-server";
import { addToCart, emptyCart, listedGoods, signIn, stockUp, type Session } from "./shop-api";
import type { Figure, Table } from "./report";
import { nginxBinary } from "../cluster/instances";

/** Prerendered at build time: what the app serves without rendering. */
export const STATIC_ROUTE = "/about/contactus";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  total: number;
  /** Requests of the warm-up before the measurement (not in the figures). */
  warmUpTotal: number;
}

export interface LoadOptions {
  url: string;
  /** Between the warm-up and the measurement (the cart adds empty the cart there). */
  afterWarmUp?: () => Promise<void>;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: () => string;
  connections?: number;
  durationS?: number;
}

/**
 * Seconds of the same load, not counted, before each measurement: Node compiles the hot paths
 * while it runs (a cold 10 s run of the static page measured a third below a warm one), and nginx
 * gets the same, so the ratio compares servers in their steady state.
 */
export const WARM_UP_S = 3;

export async function load(options: LoadOptions): Promise<LoadResult> {
  const { body } = options;
  const run = (duration: number) =>
    autocannon({
      url: options.url,
      method: options.method ?? "GET",
      headers: options.headers,
      connections: options.connections ?? 10,
      duration,
      // A body per request (the cart add names the next product), or none.
      requests: body ? [{ setupRequest: (request) => ({ ...request, body: body() }) }] : undefined,
    });
  const warmUp = await run(WARM_UP_S);
  await options.afterWarmUp?.();
  const result = await run(options.durationS ?? 10);
  return {
    warmUpTotal: warmUp.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** nginx on loopback serving `pages` (route → HTML) as files, with as many workers as cores. */
export async function startNginx(port: number, pages: Record<string, string>): Promise<Nginx> {
  const binary = nginxBinary();
  const dir = path.resolve(".data", `bench-nginx-${port}`);
  await rm(dir, { recursive: true, force: true });
  const root = path.join(dir, "www");
  for (const [route, html] of Object.entries(pages)) {
    const file = path.join(root, route === "/" ? "index.html" : `${route}/index.html`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
  }
  const temp = (name: string) => path.join(dir, name);
  await writeFile(
    temp("nginx.conf"),
    `daemon off;
worker_processes auto;
pid ${temp("nginx.pid")};
error_log ${temp("error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { default_type text/html; try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn(binary, ["-c", temp("nginx.conf"), "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; see ${temp("error.log")}`);
    try {
      // Any answer means it listens (its root has no index page, so "/" is a 404).
      await fetch(url);
      break;
    } catch {
      if (attempt > 100) throw new Error("nginx did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface ShopThroughput {
  engine: ShopServer["engine"];
  staticPage: LoadResult;
  productPage: LoadResult;
  cartList: LoadResult;
  cartAdd: LoadResult;
  /** The product page while 100 wrong-password logins on made-up e-mails run at once, all the time. */
  productPageUnderLoginStorm: LoadResult;
  loginStorm: { total: number; statuses: Record<string, number> };
  /** One customer at a time: the latency a call has by itself (the cart budgets apply to it). */
  cartListAlone: LoadResult;
  cartAddAlone: LoadResult;
}

export interface NginxThroughput {
  staticPage: LoadResult;
  productPage: LoadResult;
}

/** The pages' HTML exactly as the app sends it (no compression: autocannon asks for none). */
export async function pageHtml(baseUrl: string): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const route of [STATIC_ROUTE, PRODUCT_ROUTE]) {
    const response = await fetch(new URL(route, baseUrl));
    if (!response.ok) throw new Error(`${route} answered ${response.status}`);
    pages[route] = await response.text();
  }
  return pages;
}

/** The goods a customer can put in a cart again and again, each able to take `perLine` more. */
async function cartSkus(shop: ShopServer, operator: Session, perLine: number): Promise<string[]> {
  const products = await listedGoods(shop.url);
  await stockUp(
    operator,
    products.filter((product) => product.stock < perLine).map((product) => product.skuNum),
    perLine,
  );
  return products.map((product) => product.skuNum);
}

export async function shopThroughput(shop: ShopServer, durationS: number): Promise<ShopThroughput> {
  const [customer, operator] = [await signIn(shop.url, "customer"), await signIn(shop.url, "admin")];
  // A cart line holds at most 1000, so the adds go round every good (each with stock to match) and
  // each measurement starts from an empty cart.
  const maxPerLine = 1000;
  const skus = await cartSkus(shop, operator, maxPerLine);
  await emptyCart(customer);
  for (const sku of skus.slice(0, 3)) await addToCart(customer, sku, 1);
  const apiHeaders = { token: customer.token, "sec-fetch-site": "same-origin" };

  const staticPage = await load({ url: new URL(STATIC_ROUTE, shop.url).href, durationS });
  const productPage = await load({ url: new URL(PRODUCT_ROUTE, shop.url).href, durationS });
  const { productPageUnderLoginStorm, loginStorm } = await underLoginStorm(shop, durationS);
  const listUrl = new URL("/api/v1/c/order/cart/list", shop.url).href;
  const cartList = await load({ url: listUrl, headers: apiHeaders, durationS });
  const cartListAlone = await load({ url: listUrl, headers: apiHeaders, durationS, connections: 1 });
  let next = 0;
  const add = {
    url: new URL("/api/v1/c/order/cart/add/", shop.url).href,
    method: "POST" as const,
    headers: { ...apiHeaders, "content-type": "application/json" },
    body: () => JSON.stringify({ skuNum: skus[next++ % skus.length], quantity: 1 }),
    durationS,
    afterWarmUp: () => emptyCart(customer),
  };
  await emptyCart(customer);
  const cartAdd = await load(add);
  await emptyCart(customer);
  const cartAddAlone = await load({ ...add, connections: 1 });
  const adds = Math.max(cartAdd.total, cartAdd.warmUpTotal, cartAddAlone.total, cartAddAlone.warmUpTotal);
  if (adds > skus.length * maxPerLine) console.warn("The cart add benchmark ran past the cart's line limits: lower the duration.");
  return {
    engine: shop.engine,
    staticPage,
    productPage,
    productPageUnderLoginStorm,
    loginStorm,
    cartList,
    cartAdd,
    cartListAlone,
    cartAddAlone,
  };
}

/**
 * The product page under a login storm: 100 connections sending wrong passwords for made-up
 * e-mails (each one new, so every attempt is checked), for as long as the page is measured. The
 * bench shop asks no proof of work (startShop), so every attempt costs an argon2 hash: what is
 * measured is the hash queue alone, as against an attacker who solves puzzles for free.
 */
async function underLoginStorm(shop: ShopServer, durationS: number) {
  let next = 0;
  const statuses: Record<string, number> = {};
  let instance: autocannon.Instance | undefined;
  const storm = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: new URL("/api/v1/c/ulogin/login", shop.url).href,
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
        connections: 100,
        duration: WARM_UP_S + durationS + 1,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ email: `storm-${process.pid}-${next++}@example.com`, password: "not the password" }),
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance?.on("response", (_client: unknown, statusCode: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  // Let the storm fill the queue before the page is measured.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const productPageUnderLoginStorm = await load({ url: new URL(PRODUCT_ROUTE, shop.url).href, durationS });
  const result = await storm;
  return { productPageUnderLoginStorm, loginStorm: { total: result.requests.total, statuses } };
}

export async function nginxThroughput(nginx: Nginx, durationS: number): Promise<NginxThroughput> {
  return {
    staticPage: await load({ url: new URL(STATIC_ROUTE, nginx.url).href, durationS }),
    productPage: await load({ url: new URL(PRODUCT_ROUTE, nginx.url).href, durationS }),
  };
}

const rps = (value: number, budget?: number): Figure => ({
  value,
  unit: "req/s",
  ...(budget ? { budget: { limit: budget, kind: "min" as const } } : {}),
});
const ms = (value: number, budget?: number): Figure => ({
  value,
  unit: "ms",
  ...(budget ? { budget: { limit: budget, kind: "max" as const } } : {}),
});

/**
 * autocannon counts latency in whole milliseconds, so nginx's p99 on loopback may read 0: a budget
 * of a multiple of it is taken from at least this much, the least it can tell apart.
 */
export const LATENCY_RESOLUTION_MS = 1;

/** A page's requests/s as a share of nginx's for the same HTML, with its budget (a share, 0 to 1). */
export function shareOfNginx(page: LoadResult, nginx: LoadResult, minShare?: number): Figure {
  return {
    value: (100 * page.requestsPerSecond) / nginx.requestsPerSecond,
    unit: "%",
    ...(minShare === undefined ? {} : { budget: { limit: 100 * minShare, kind: "min" as const } }),
  };
}

/** A page's p99 against nginx's for the same HTML: at most `factor` times it. */
export function p99AgainstNginx(page: LoadResult, nginx: LoadResult, factor: number): Figure {
  return ms(page.p99Ms, factor * Math.max(nginx.p99Ms, LATENCY_RESOLUTION_MS));
}

/**
 * The requests that failed (an answer other than 2xx, a connection error, a timeout), out of all
 * sent: none may, so a failure shows as a figure outside its budget and in the run's list of them.
 */
export function failedRequests(result: LoadResult): Figure {
  return { value: result.non2xx + result.errors, unit: "count", outOf: result.total, budget: { limit: 0, kind: "max" } };
}

function stormSummary(storm: ShopThroughput["loginStorm"]): string {
  const answers = Object.entries(storm.statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(", ");
  return `${storm.total} logins: ${answers}`;
}

export function throughputTable(shops: ShopThroughput[], nginx: NginxThroughput, durationS: number): Table {
  const rows: Table["rows"] = [];
  const errorsOf = failedRequests;
  const share = shareOfNginx;
  for (const shop of shops) {
    const onPostgres = shop.engine === "postgres";
    rows.push(
      {
        label: `${STATIC_ROUTE} (static), ${shop.engine}`,
        cells: [
          rps(shop.staticPage.requestsPerSecond),
          ms(shop.staticPage.p50Ms),
          ms(shop.staticPage.p99Ms),
          share(shop.staticPage, nginx.staticPage, THROUGHPUT_BUDGET.staticShareOfNginx),
          errorsOf(shop.staticPage),
        ],
      },
      {
        label: `${PRODUCT_ROUTE}, ${shop.engine}`,
        cells: [
          rps(shop.productPage.requestsPerSecond),
          ms(shop.productPage.p50Ms),
          p99AgainstNginx(shop.productPage, nginx.productPage, THROUGHPUT_BUDGET.productP99OverNginx),
          share(shop.productPage, nginx.productPage, THROUGHPUT_BUDGET.productShareOfNginx),
          errorsOf(shop.productPage),
        ],
      },
      {
        label: `${PRODUCT_ROUTE}, ${shop.engine}, during 100 parallel wrong logins (${stormSummary(shop.loginStorm)})`,
        // Held to the page's own budgets: what a visitor meets while the storm takes a core.
        cells: [
          rps(shop.productPageUnderLoginStorm.requestsPerSecond),
          ms(shop.productPageUnderLoginStorm.p50Ms),
          p99AgainstNginx(shop.productPageUnderLoginStorm, nginx.productPage, THROUGHPUT_BUDGET.productP99OverNginx),
          share(shop.productPageUnderLoginStorm, nginx.productPage, THROUGHPUT_BUDGET.productShareOfNginx),
          errorsOf(shop.productPageUnderLoginStorm),
        ],
      },
      {
        label: `GET /order/cart/list, ${shop.engine}`,
        cells: [rps(shop.cartList.requestsPerSecond), ms(shop.cartList.p50Ms), ms(shop.cartList.p99Ms), null, errorsOf(shop.cartList)],
      },
      {
        label: `GET /order/cart/list, ${shop.engine}, 1 connection`,
        cells: [
          rps(shop.cartListAlone.requestsPerSecond),
          ms(shop.cartListAlone.p50Ms, onPostgres ? THROUGHPUT_BUDGET.cartListP50Ms : undefined),
          ms(shop.cartListAlone.p99Ms),
          null,
          errorsOf(shop.cartListAlone),
        ],
      },
      {
        label: `POST /order/cart/add/, ${shop.engine}`,
        cells: [rps(shop.cartAdd.requestsPerSecond), ms(shop.cartAdd.p50Ms), ms(shop.cartAdd.p99Ms), null, errorsOf(shop.cartAdd)],
      },
      {
        label: `POST /order/cart/add/, ${shop.engine}, 1 connection`,
        cells: [
          rps(shop.cartAddAlone.requestsPerSecond),
          ms(shop.cartAddAlone.p50Ms, onPostgres ? THROUGHPUT_BUDGET.cartAddP50Ms : undefined),
          ms(shop.cartAddAlone.p99Ms),
          null,
          errorsOf(shop.cartAddAlone),
        ],
      },
    );
  }
  rows.push(
    {
      label: `nginx: ${STATIC_ROUTE} HTML`,
      cells: [
        rps(nginx.staticPage.requestsPerSecond),
        ms(nginx.staticPage.p50Ms),
        ms(nginx.staticPage.p99Ms),
        null,
        errorsOf(nginx.staticPage),
      ],
    },
    {
      label: `nginx: ${PRODUCT_ROUTE} HTML`,
      cells: [
        rps(nginx.productPage.requestsPerSecond),
        ms(nginx.productPage.p50Ms),
        ms(nginx.productPage.p99Ms),
        null,
        errorsOf(nginx.productPage),
      ],
    },
  );
  return {
    title: `Throughput (autocannon, 10 connections unless noted, ${durationS} s each after a ${WARM_UP_S} s warm-up, loopback)`,
    columns: ["Target", "Requests/s", "p50", "p99", "Share of nginx", "Failed"],
    rows,
    notes: [
      `The pages' budgets are shares of nginx serving the same HTML in this run: the static page at least ${100 * THROUGHPUT_BUDGET.staticShareOfNginx} % of its requests/s, the product page at least ${100 * THROUGHPUT_BUDGET.productShareOfNginx} % and a p99 at most ${THROUGHPUT_BUDGET.productP99OverNginx} times nginx's (taken as at least ${LATENCY_RESOLUTION_MS} ms, autocannon's resolution).`,
      "The cart calls run with the demo customer's session; the list holds three lines, the adds go round every listed good (plans refuse a repeated add), each measurement starting from an empty cart.",
      "Failed: answers other than 2xx, connection errors and timeouts; any is outside the budget.",
      "The cart latency budgets apply to one call at a time (1 connection); with 10 at once, p50 is mostly queueing behind the others.",
      "During the login storm the product page keeps its own budgets (its share of nginx and p99 against nginx's) while the hashes take one of the machine's cores (docs/decisions/0014); the storm's logins answer 401 (checked) or 503 (waited too long in the hash queue).",
    ],
  };
}
