// Two production instances of the shop (the standalone server) on one fresh PostgreSQL database and
// one Redis, behind the shipped HAProxy configuration (deploy/haproxy/haproxy.cfg, run with Debian's
// haproxy in the foreground): what must hold when the shop runs on more than one process, and when
// one is restarted or replaced. Each instance listens on an address of its own (127.0.2.x, as a
// container has one), all on one port, and HAProxy finds them through a stand-in for Docker's DNS
// (service-dns.ts) and checks each one's /api/ready. Uses the build `npm run build`
// made; prints each check with its figures; exits non-zero on any failed check. Cleans up
// everything it started (also on failure or Ctrl-C) and drops its database.
//
//   npm run build && npm run test:cluster   (ports from CLUSTER_PORT, default 3500: HAProxy; +1 the
//                                            instances; +3 SMTP; +4 the DNS stand-in, UDP)
//   CLUSTER_CHECKS=i,j,k npm run test:cluster   runs only the checks named (0 and the set-up always run)
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { LOGIN_LIMITS } from "@/lib/config/auth";
import { PURIFIER_SKU } from "@/lib/config/store";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { DEMO_CATALOGUE } from "@/lib/db/seed/catalogue";
import { formatUsd } from "@/lib/rules/money";
import { startTestSmtpServer, type TestSmtpServer } from "@/test/support/test-smtp-server";
import { call, listedProducts, signIn, type Session } from "../bench/shop-api";
import {
  clusterEnv,
  createDatabase,
  flushRedis,
  missingServices,
  prepareStandalone,
  sleep,
  startInstance,
  startShippedProxy,
  waitUntilReady,
  type ClusterDatabase,
  type Instance,
} from "./instances";
import { startServiceDns, type ServiceDns } from "./service-dns";
import { closeVisitors, send, summarise, type Answer } from "./visitors";

const BASE_PORT = Number(process.env.CLUSTER_PORT || 3500);
const PORTS = { proxy: BASE_PORT, app: BASE_PORT + 1, smtp: BASE_PORT + 3, dns: BASE_PORT + 4 };
/** Each instance's address: a container's own. A replaced instance comes back at another one. */
const HOSTS = { a: "127.0.2.1", b: "127.0.2.2", aReplaced: "127.0.2.3" };
/** Where visitors come from: one address each, since the proxy counts requests per address. */
const visitorAddress = (index: number) => `127.0.1.${index + 1}`;
/** The flooder's address, apart from every visitor's. */
const FLOODER_ADDRESS = "127.0.3.1";
/** The longest any request may take while an instance restarts or is replaced. */
const SLOWEST_ALLOWED_MS = 2_000;
/** A visitor of the restart checks sends at most one request per this many ms (a person, not a script). */
const VISITOR_PACE_MS = 100;
/** Only these checks (by the letter before the dot), when CLUSTER_CHECKS names some. */
const ONLY = new Set(
  (process.env.CLUSTER_CHECKS ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean),
);
/** Seconds an instance has to finish its requests after SIGTERM (the lead's lib/server/lifecycle reads it). */
const SHUTDOWN_TIMEOUT_SECONDS = 10;
/**
 * Seconds a stopping instance serves on before it closes its port: compose's, more than HAProxy
 * takes to see /api/ready answer 503 (fall 2 × inter 500 ms + a check's timeout of 1 s).
 */
const SHUTDOWN_DRAIN_SECONDS = 3;
/** The shortest the setting allows: an unpaid order expires a minute after checkout. */
const ORDER_PAYMENT_TTL_MINUTES = 1;
/** Each instance sweeps expired orders once a minute (ORDER_EXPIRY_SWEEP_MS), so expiry shows within TTL + 1 minute. */
const EXPIRY_DEADLINE_MS = (ORDER_PAYMENT_TTL_MINUTES * 60 + 90) * 1000;
const WORKERS = 6;
const ADDRESS = { fullName: "Cluster Test", line1: "1200 Main St", city: "Houston", state: "TX", zip: "77002" };

// Everything started, stopped in reverse order however the run ends.
const cleanups: (() => Promise<void>)[] = [];
let cleaned = false;
async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error("Cleanup step failed:", error);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping everything the test started…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

interface Outcome {
  name: string;
  ok: boolean;
  detail: string;
}
const outcomes: Outcome[] = [];

class CheckFailed extends Error {}
function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

async function check(name: string, run: () => Promise<string>): Promise<void> {
  const letter = name.split(/[ .]/)[0] ?? "";
  if (ONLY.size > 0 && letter !== "0" && !ONLY.has(letter)) {
    console.log(`- ${name}: not run (CLUSTER_CHECKS=${[...ONLY].join(",")})`);
    return;
  }
  const started = Date.now();
  try {
    const detail = await run();
    outcomes.push({ name, ok: true, detail });
    console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n    ${detail}`);
  } catch (error) {
    const detail = error instanceof CheckFailed ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
    outcomes.push({ name, ok: false, detail });
    console.log(`✗ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n    ${detail}`);
  }
}

function rowsOf<T>(result: pg.QueryResult): T[] {
  return result.rows as T[];
}

async function page(baseUrl: string, route: string): Promise<{ status: number; html: string }> {
  const response = await fetch(new URL(route, baseUrl));
  return { status: response.status, html: await response.text() };
}

/** A POST as a browser on the shop's own page sends it, answering the status and the envelope. */
async function post(baseUrl: string, route: string, body: unknown, token?: string): Promise<{ status: number; data: unknown }> {
  const response = await fetch(new URL(route, baseUrl), {
    method: "POST",
    headers: { "sec-fetch-site": "same-origin", "content-type": "application/json", ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json().catch(() => null)) as { data?: unknown } | null;
  // A 200 whose body was cut off (the instance killed while sending it) acknowledged nothing.
  return { status: envelope === null && response.status === 200 ? CUT_OFF : response.status, data: envelope?.data };
}

/** The status recorded for a 200 whose body never arrived whole. */
const CUT_OFF = -1;

interface LoadRecord {
  startedAt: number;
  endedAt: number;
  status: number;
  orderId?: string;
}

/**
 * WORKERS customers buying through the proxy (and, with `pages`, reading the product page between) until
 * `until()`, each from an address of its own and at most one request per VISITOR_PACE_MS: visitors,
 * each under the proxy's per-address limits.
 */
async function underLoad(
  baseUrl: string,
  customers: Session[],
  skus: string[],
  until: () => boolean,
  options: { pages?: boolean } = {},
): Promise<LoadRecord[]> {
  const records: LoadRecord[] = [];
  const worker = async (customer: Session, index: number) => {
    const from = visitorAddress(index);
    for (let round = 0; !until(); round += 1) {
      const startedAt = Date.now();
      if (options.pages && round % 2 === 1) {
        const answer = await send(new URL(`/mart/detail/${PURIFIER_SKU}`, baseUrl).href, { from });
        records.push({ startedAt, endedAt: Date.now(), status: answer.status });
      } else {
        const skuNum = skus[(index + round) % skus.length] ?? PURIFIER_SKU;
        const answer = await send(new URL("/api/v1/c/merchandise/order/add", baseUrl).href, {
          from,
          method: "POST",
          headers: { token: customer.token },
          body: { skuNum, quantity: 1 },
        });
        let orderId: string | undefined;
        let status = answer.status;
        try {
          orderId = status === 200 ? (JSON.parse(answer.body) as { data?: { orderId?: string } }).data?.orderId : undefined;
        } catch {
          // A 200 whose body never arrived whole acknowledged nothing.
          status = CUT_OFF;
        }
        records.push({ startedAt, endedAt: Date.now(), status, orderId });
      }
      await sleep(Math.max(0, startedAt + VISITOR_PACE_MS - Date.now()));
    }
  };
  await Promise.all(customers.map((customer, index) => worker(customer, index)));
  return records;
}

const running = (instance: Instance) => instance.child.exitCode === null && instance.child.signalCode === null;

/** Visitors of the flood check, each from its own address, and how long each of its measurements lasts. */
const CROWD = 32;
const MEASURE_S = 8;

interface FloodResult {
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
}

/**
 * scripts/cluster/flood.ts in a process of its own, at the lowest CPU priority: an attacker's
 * machine is not the shop's, and on this one its client must not take the cores the shop needs.
 */
function floodFrom(from: string, url: string, seconds: number): Promise<FloodResult> {
  const script = path.resolve("scripts", "cluster", "flood.ts");
  const child = spawn("nice", ["-n", "19", process.execPath, ...process.execArgv, script, url, from, "100", String(seconds)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the flood exited with ${code}`));
      else resolve(JSON.parse(output.trim().split("\n").pop() ?? "{}") as FloodResult);
    });
  });
}

/** The slowest records, for a report: "<ms> ms <status> at +<s> s". */
function slowest(records: LoadRecord[], since: number, count = 3): string {
  return [...records]
    .sort((a, b) => b.endedAt - b.startedAt - (a.endedAt - a.startedAt))
    .slice(0, count)
    .map((record) => `${record.endedAt - record.startedAt} ms (${record.status}) at +${((record.startedAt - since) / 1000).toFixed(1)} s`)
    .join(", ");
}

function statusSummary(records: LoadRecord[]): string {
  const counts = new Map<number, number>();
  for (const record of records) counts.set(record.status, (counts.get(record.status) ?? 0) + 1);
  const shown = (status: number) => (status === 0 ? "no answer" : status === CUT_OFF ? "200 cut off" : String(status));
  return [...counts].map(([status, count]) => `${count}× ${shown(status)}`).join(", ");
}

async function main(): Promise<void> {
  const started = Date.now();
  // As the unit tests do with their services: skipped out loud on a machine without them, failed
  // on CI (.ci/run starts both).
  const missing = await missingServices();
  if (missing.length) {
    const message = `The two-instance test needs ${missing.join(" and ")}.`;
    if (process.env.CI) throw new Error(message);
    console.log(`SKIPPED the two-instance test: ${message} Set CLUSTER_POSTGRES_URL / CLUSTER_REDIS_URL, or start them.`);
    return;
  }
  prepareStandalone();
  const buildId = (await readFile(path.resolve(".next", "standalone", ".next", "BUILD_ID"), "utf8")).trim();

  await flushRedis();
  const smtp: TestSmtpServer = await startTestSmtpServer(PORTS.smtp);
  cleanups.push(() => smtp.close());
  const database: ClusterDatabase = await createDatabase("two");
  cleanups.push(() => database.drop());
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  cleanups.push(() => db.end());

  const proxyUrl = `http://127.0.0.1:${PORTS.proxy}`;
  const env = {
    ...clusterEnv({ databaseUrl: database.url, siteUrl: proxyUrl }),
    SMTP_URL: smtp.url,
    ORDER_PAYMENT_TTL_MINUTES: String(ORDER_PAYMENT_TTL_MINUTES),
    SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    SHUTDOWN_DRAIN_SECONDS: String(SHUTDOWN_DRAIN_SECONDS),
  };
  const dns: ServiceDns = await startServiceDns(PORTS.dns);
  cleanups.push(() => dns.close());
  cleanups.push(async () => closeVisitors());
  // Every instance started, for the cleanup; each listed by the DNS stand-in while its process runs.
  const everyInstance: Instance[] = [];
  cleanups.push(() => Promise.all(everyInstance.map((instance) => instance.stop())).then(() => undefined));
  const launch = (name: string, host: string): Instance => {
    const instance = startInstance(name, PORTS.app, env, host);
    everyInstance.push(instance);
    dns.listWhile(host, instance.exited);
    return instance;
  };
  const instances: Record<"a" | "b", Instance> = { a: launch("A", HOSTS.a), b: launch("B", HOSTS.b) };
  // Both start at once on the empty database: the migrations and the demo seed must not race.
  const startTime = Date.now();
  await Promise.all([waitUntilReady(instances.a), waitUntilReady(instances.b)]);
  console.log(`Two instances ready on an empty database in ${((Date.now() - startTime) / 1000).toFixed(1)} s (build ${buildId}).`);
  const proxy = await startShippedProxy(PORTS.proxy, { dns: dns.address, instancePort: PORTS.app });
  cleanups.push(() => proxy.stop());

  await check("0. two instances started together on one empty database: every migration and the demo seed applied once", async () => {
    const journal = JSON.parse(await readFile(path.resolve("lib", "db", "migrations", "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const [migrations] = rowsOf<{ count: number; distinct: number }>(
      await db.query("select count(*)::int as count, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations"),
    );
    const [seeded] = rowsOf<{ users: number; products: number }>(
      await db.query("select (select count(*)::int from users) as users, (select count(*)::int from products) as products"),
    );
    expect(
      migrations?.count === journal.entries.length && migrations.distinct === journal.entries.length,
      `${migrations?.count} migration rows (${migrations?.distinct} distinct) for ${journal.entries.length} committed migrations`,
    );
    expect(
      seeded?.users === DEMO_ACCOUNTS.length && seeded.products === DEMO_CATALOGUE.length,
      `${seeded?.users} users and ${seeded?.products} products; the seed has ${DEMO_ACCOUNTS.length} and ${DEMO_CATALOGUE.length}`,
    );
    return `${migrations.count} of ${journal.entries.length} migrations recorded once each; ${seeded.users} demo accounts, ${seeded.products} products`;
  });

  const operator = await signIn(proxyUrl, "admin");
  const products = await listedProducts(proxyUrl);
  // Goods only: plans and services refuse repeated orders of their own accord.
  const goods = new Set(DEMO_CATALOGUE.filter((entry) => ["filter", "accessory"].includes(entry.category)).map((entry) => entry.skuNum));
  const others = products.map((product) => product.skuNum).filter((sku) => goods.has(sku));
  // Each check works on products of its own, so the stock one check counts no other check moves.
  const expirySku = others[0];
  const loadSkus = others.slice(1, 4);
  if (!expirySku || loadSkus.length === 0) throw new Error("The demo catalogue has too few products for the test");
  for (const sku of loadSkus) await call(operator, "POST", "/api/v1/admin/catalogue/update", { sku, stock: 100_000 });

  await check("h. both instances run one build: same build id, A's static assets served by B", async () => {
    const [homeA, homeB] = await Promise.all([page(instances.a.url, "/"), page(instances.b.url, "/")]);
    expect(homeA.status === 200 && homeB.status === 200, `home page: A ${homeA.status}, B ${homeB.status}`);
    expect(homeA.html.includes(buildId) && homeB.html.includes(buildId), `build id ${buildId} not in both pages' HTML`);
    const assets = [...new Set([...homeA.html.matchAll(/\/_next\/static\/[^"'\s)]+\.(?:js|css)/g)].map((match) => match[0]))];
    expect(assets.length > 0, "no /_next/static asset in A's HTML");
    for (const asset of assets) {
      const [fromA, fromB] = await Promise.all([fetch(new URL(asset, instances.a.url)), fetch(new URL(asset, instances.b.url))]);
      const [bodyA, bodyB] = await Promise.all([fromA.text(), fromB.text()]);
      expect(fromB.status === 200, `${asset}: B answered ${fromB.status}`);
      expect(bodyA === bodyB, `${asset}: B served other bytes than A`);
    }
    return `build ${buildId} in both; ${assets.length} /_next/static files from A's home page served by B, byte for byte`;
  });

  // d starts here (an unpaid order of a customer of its own, whom nothing else reads), so its minute
  // runs out while the next checks run; it is checked after them, with both instances still up.
  const expiring: { orderId?: string; stockBefore?: number; quantity: number; email: string } = {
    quantity: 2,
    email: `cluster-${randomBytes(4).toString("hex")}@example.com`,
  };

  await check("e. an outbox message (registration code e-mail) is sent once by two mail workers", async () => {
    const sent = await post(proxyUrl, "/api/v1/c/ulogin/send/code", { email: expiring.email, purpose: "register" });
    expect(sent.status === 200, `send/code answered ${sent.status}`);
    const deadline = Date.now() + 20_000;
    while (smtp.to(expiring.email).length === 0 && Date.now() < deadline) await sleep(200);
    const firstAfter = smtp.to(expiring.email).length;
    expect(firstAfter > 0, "the SMTP server got no code e-mail within 20 s");
    // Two poll rounds of both workers (each polls every 5 s): time for a second copy to show.
    await sleep(12_000);
    const copies = smtp.to(expiring.email);
    const [row] = rowsOf<{ attempts: number; sent: boolean }>(
      await db.query("select attempts, sent_at is not null as sent from mail_outbox where recipient = $1", [expiring.email]),
    );
    expect(copies.length === 1, `the SMTP server got ${copies.length} copies`);
    expect(row?.sent === true && row.attempts === 1, `outbox row: ${JSON.stringify(row)}`);
    const code = /\b(\d{6})\b/.exec(copies[0]?.text ?? "")?.[1];
    expect(Boolean(code), "no 6-digit code in the e-mail");
    // The new customer (registered on B with the code A or B mailed) is the one check d uses.
    const registered = await post(instances.b.url, "/api/v1/c/ulogin/register", {
      email: expiring.email,
      code,
      password: "cluster-test-password-1",
    });
    expect(registered.status === 200, `register on B answered ${registered.status}`);
    return `1 copy received by SMTP after 12 s more of both workers polling; outbox row sent, 1 attempt; the code registered the customer on B`;
  });

  await check("d (part 1). an unpaid order placed on A, left to expire", async () => {
    expect(Boolean(expirySku), "no product");
    const login = await fetch(new URL("/api/v1/c/ulogin/login", instances.a.url), {
      method: "POST",
      headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: JSON.stringify({ email: expiring.email, password: "cluster-test-password-1" }),
    });
    expect(login.status === 200, `login of the new customer answered ${login.status}`);
    const token = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0] ?? "")
      .find((pair) => pair.startsWith("Token="))
      ?.slice("Token=".length);
    expect(Boolean(token), "no session");
    const session: Session = { baseUrl: instances.a.url, token: token ?? "", cookie: "" };
    await call(session, "POST", "/api/v1/c/ulogin/save", { defaultAddress: ADDRESS });
    const [before] = rowsOf<{ stock: number }>(await db.query("select stock from products where sku = $1", [expirySku]));
    expiring.stockBefore = before?.stock;
    const { orderId } = await call<{ orderId: string }>(session, "POST", "/api/v1/c/merchandise/order/add", {
      skuNum: expirySku,
      quantity: expiring.quantity,
    });
    expiring.orderId = orderId;
    const [held] = rowsOf<{ stock: number }>(await db.query("select stock from products where sku = $1", [expirySku]));
    expect(
      held?.stock === (before?.stock ?? 0) - expiring.quantity,
      `stock ${before?.stock} → ${held?.stock} after ordering ${expiring.quantity}`,
    );
    return `order ${orderId}: ${expiring.quantity} × ${expirySku} held (stock ${before?.stock} → ${held?.stock}); expires in ${ORDER_PAYMENT_TTL_MINUTES} min`;
  });

  await check("a. the operator's price and stock change on A shows at once on B's product page (cached on B before)", async () => {
    const route = `/mart/detail/${PURIFIER_SKU}`;
    const product = products.find((candidate) => candidate.skuNum === PURIFIER_SKU) as { originalPrice?: string } | undefined;
    const original = Number(product?.originalPrice ?? "0");
    expect(original > 1, `no original price for ${PURIFIER_SKU}`);
    const newPriceCents = Math.round(original * 100 * 0.9) - (Math.round(original * 100 * 0.9) % 100) + 37;
    const newStock = 7;
    const shownPrice = formatUsd(newPriceCents);
    const shownStock = `Only ${newStock} left`;
    // Twice, so B holds the page in its cache (the second is served from it).
    await page(instances.b.url, route);
    const before = await page(instances.b.url, route);
    expect(before.status === 200, `B's product page answered ${before.status}`);
    expect(!before.html.includes(shownPrice) && !before.html.includes(shownStock), "B's page already shows the new values");
    const operatorOnA: Session = { ...operator, baseUrl: instances.a.url };
    await call(operatorOnA, "POST", "/api/v1/admin/catalogue/update", {
      sku: PURIFIER_SKU,
      discountPrice: (newPriceCents / 100).toFixed(2),
      stock: newStock,
    });
    const after = await page(instances.b.url, route);
    const priceShown = after.html.includes(shownPrice);
    const stockShown = after.html.includes(shownStock);
    if (!priceShown || !stockShown) {
      // How long B takes, if it ever does, for the report.
      let seenAfterMs: number | null = null;
      const changedAt = Date.now();
      while (Date.now() - changedAt < 10_000) {
        const again = await page(instances.b.url, route);
        if (again.html.includes(shownPrice) && again.html.includes(shownStock)) {
          seenAfterMs = Date.now() - changedAt;
          break;
        }
        await sleep(500);
      }
      throw new CheckFailed(
        `B's page right after the change: price ${shownPrice} ${priceShown ? "shown" : "NOT shown"}, "${shownStock}" ${stockShown ? "shown" : "NOT shown"}; ` +
          (seenAfterMs === null
            ? "still stale 10 s later (B's cache is its own: the shared cache on Redis is needed)"
            : `shown ${seenAfterMs} ms later`),
      );
    }
    return `B's page showed the old values, then ${shownPrice} and "${shownStock}" on the first request after A's change`;
  });

  await check("b. a customer logged in on A uses the cart on B", async () => {
    const onA = await signIn(instances.a.url, "customer");
    const onB: Session = { ...onA, baseUrl: instances.b.url };
    const { cartList: before } = await call<{ cartList: { skuNum: string }[] }>(onB, "GET", "/api/v1/c/order/cart/list");
    for (const line of before) await call(onB, "DELETE", "/api/v1/c/order/cart/delete/", { skuNum: line.skuNum });
    const sku = loadSkus[0] ?? PURIFIER_SKU;
    await call(onB, "POST", "/api/v1/c/order/cart/add/", { skuNum: sku, quantity: 2 });
    const { cartList } = await call<{ cartList: { skuNum: string; quantity: number }[] }>(onB, "GET", "/api/v1/c/order/cart/list");
    const { cartList: seenOnA } = await call<{ cartList: { skuNum: string; quantity: number }[] }>(onA, "GET", "/api/v1/c/order/cart/list");
    const line = cartList.find((candidate) => candidate.skuNum === sku);
    expect(line?.quantity === 2, `B's cart list: ${JSON.stringify(cartList)}`);
    expect(seenOnA.find((candidate) => candidate.skuNum === sku)?.quantity === 2, `A's cart list: ${JSON.stringify(seenOnA)}`);
    await call(onB, "DELETE", "/api/v1/c/order/cart/delete/", { skuNum: sku });
    return `session from A accepted by B; add 2 × ${sku} on B, listed on B and on A`;
  });

  await check(
    `c. the login throttle counts across both: wrong passwords alternating A/B meet the limit after ${LOGIN_LIMITS.checkedFailures}`,
    async () => {
      const email = `throttle-${randomBytes(4).toString("hex")}@example.com`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= LOGIN_LIMITS.checkedFailures + 1; attempt += 1) {
        const target = attempt % 2 === 0 ? instances.a : instances.b;
        statuses.push((await post(target.url, "/api/v1/c/ulogin/login", { email, password: "not the password" })).status);
      }
      const firstRefusal = statuses.findIndex((status) => status !== 401);
      // One instance alone refuses the (checkedFailures + 1)-th attempt: a sign-in link is needed (403).
      expect(
        firstRefusal === LOGIN_LIMITS.checkedFailures && statuses[firstRefusal] === 403,
        `answers A/B/A/B…: ${statuses.join(", ")} (each instance alone would count only half)`,
      );
      return `answers ${statuses.join(", ")}: ${LOGIN_LIMITS.checkedFailures} checked (401), then 403 from attempt ${firstRefusal + 1} on, as on one instance`;
    },
  );

  await check(
    "d. the expired unpaid order is cancelled once and its stock released once, with both instances' timers running",
    async () => {
      expect(Boolean(expiring.orderId), "part 1 placed no order");
      const [placed] = rowsOf<{ created: Date }>(
        await db.query("select created_at as created from orders where id = $1", [expiring.orderId]),
      );
      const deadline = (placed?.created.getTime() ?? Date.now()) + EXPIRY_DEADLINE_MS;
      let status = "";
      while (Date.now() < deadline) {
        const [order] = rowsOf<{ status: string }>(await db.query("select status from orders where id = $1", [expiring.orderId]));
        status = order?.status ?? "missing";
        if (status !== "pending_payment") break;
        await sleep(1_000);
      }
      // A second sweep would come within the next minute: give both timers one more round.
      const waitedS = Math.round((Date.now() - (placed?.created.getTime() ?? Date.now())) / 1000);
      expect(status === "cancelled", `order status ${status} ${waitedS} s after checkout`);
      await sleep(5_000);
      const events = rowsOf<{ type: string; count: number }>(
        await db.query("select type, count(*)::int as count from order_events where order_id = $1 group by type", [expiring.orderId]),
      );
      const [after] = rowsOf<{ stock: number }>(await db.query("select stock from products where sku = $1", [expirySku]));
      const expired = events.find((event) => event.type === "expired")?.count ?? 0;
      const cancelled = events.find((event) => event.type === "cancelled")?.count ?? 0;
      expect(expired === 1 && cancelled === 0, `events: ${JSON.stringify(events)}`);
      expect(after?.stock === expiring.stockBefore, `stock ${expiring.stockBefore} before the order, ${after?.stock} after expiry`);
      return `cancelled ${waitedS} s after checkout; 1 "expired" event; stock back to ${after?.stock} (exactly the ${expiring.quantity} held, once)`;
    },
  );

  const customers = await Promise.all(Array.from({ length: WORKERS }, () => signIn(proxyUrl, "customer")));
  await call(customers[0] as Session, "POST", "/api/v1/c/ulogin/save", { defaultAddress: ADDRESS });

  /** Starts the instance `key` again as `name` if an earlier check left it stopped, and waits until it is ready. */
  const ensureRunning = async (key: "a" | "b", name: string) => {
    if (running(instances[key])) return;
    instances[key] = launch(name, HOSTS[key]);
    await waitUntilReady(instances[key]);
  };
  /** Customers buying and reading pages through HAProxy, already 2 s under way; it ends once `stopAt.time` has passed. */
  const pageLoad = async () => {
    const stopAt = { time: Number.POSITIVE_INFINITY };
    const startedAt = Date.now();
    const records = underLoad(proxyUrl, customers, loadSkus, () => Date.now() > stopAt.time, { pages: true });
    await sleep(2_000);
    return { stopAt, startedAt, records };
  };

  await check(
    `f. SIGKILL to A while ${WORKERS} customers check out through HAProxy: no acknowledged order lost, B goes on serving`,
    async () => {
      let killedAt = Number.POSITIVE_INFINITY;
      const stopAt = { time: Number.POSITIVE_INFINITY };
      const load = underLoad(proxyUrl, customers, loadSkus, () => Date.now() > stopAt.time);
      await sleep(3_000);
      instances.a.child.kill("SIGKILL");
      await instances.a.exited;
      killedAt = Date.now();
      stopAt.time = killedAt + 4_000;
      const records = await load;
      const acknowledged = records.filter((record) => record.status === 200 && record.orderId).map((record) => record.orderId as string);
      const found = rowsOf<{ id: string }>(await db.query("select id::text from orders where id = any($1::uuid[])", [acknowledged]));
      const missing = acknowledged.filter((id) => !found.some((row) => row.id === id));
      const afterKill = records.filter((record) => record.startedAt > killedAt);
      const failedAfterKill = afterKill.filter((record) => record.status !== 200);
      expect(missing.length === 0, `${missing.length} acknowledged orders missing: ${missing.slice(0, 5).join(", ")}`);
      expect(afterKill.length > 0, "no request was made after the kill");
      expect(failedAfterKill.length === 0, `after the kill: ${statusSummary(afterKill)}`);
      return (
        `${records.length} order calls (${statusSummary(records)}); ${acknowledged.length} acknowledged, all ${found.length} in the database; ` +
        `after A died: ${afterKill.length} calls, ${statusSummary(afterKill)}`
      );
    },
  );

  // A again, for the next checks (f killed it).
  await ensureRunning("a", "A");

  await check(`g. SIGTERM to B under load through HAProxy: no failed request, B exits 0 within ${SHUTDOWN_TIMEOUT_SECONDS} s`, async () => {
    const { stopAt, records: load } = await pageLoad();
    const signalledAt = Date.now();
    instances.b.child.kill("SIGTERM");
    const exit = await Promise.race([instances.b.exited, sleep((SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000).then(() => null)]);
    const exitedAfterS = (Date.now() - signalledAt) / 1000;
    stopAt.time = Date.now() + 1_000;
    const records = await load;
    const failed = records.filter((record) => record.status !== 200);
    const problems: string[] = [];
    if (failed.length) problems.push(`${failed.length} of ${records.length} requests failed (${statusSummary(records)})`);
    if (!exit) problems.push(`B had not exited ${SHUTDOWN_TIMEOUT_SECONDS + 5} s after SIGTERM`);
    else if (exit.code !== 0) problems.push(`B exited with ${exit.code ?? exit.signal}`);
    else if (exitedAfterS > SHUTDOWN_TIMEOUT_SECONDS) problems.push(`B took ${exitedAfterS.toFixed(1)} s to exit`);
    expect(
      problems.length === 0,
      `${problems.join("; ")} (graceful shutdown is lib/server/lifecycle's; B's last lines: ${instances.b.log.slice(-3).join(" | ")})`,
    );
    return `${records.length} requests (${statusSummary(records)}); B exited 0 ${exitedAfterS.toFixed(1)} s after SIGTERM`;
  });

  /** Figures of the records that started in [from, to): count, failures, slowest. */
  const phase = (records: LoadRecord[], from: number, to: number) => {
    const inPhase = records.filter((record) => record.startedAt >= from && record.startedAt < to);
    const failedIn = inPhase.filter((record) => record.status !== 200);
    const max = Math.max(0, ...inPhase.map((record) => record.endedAt - record.startedAt));
    return {
      count: inPhase.length,
      failed: failedIn.length,
      max,
      text: `${inPhase.length} requests, ${failedIn.length} failed, slowest ${max} ms`,
    };
  };
  /** The problems of a restart's records: any failed, any slower than SLOWEST_ALLOWED_MS. */
  const restartProblems = (records: LoadRecord[], since: number): string[] => {
    const problems: string[] = [];
    const failedRecords = records.filter((record) => record.status !== 200);
    const slow = records.filter((record) => record.endedAt - record.startedAt > SLOWEST_ALLOWED_MS);
    if (failedRecords.length) {
      const when = failedRecords.map((record) => `${record.status} at +${((record.startedAt - since) / 1000).toFixed(1)} s`).join(", ");
      problems.push(`${failedRecords.length} of ${records.length} requests failed (${statusSummary(records)}: ${when})`);
    }
    if (slow.length) problems.push(`${slow.length} took over ${SLOWEST_ALLOWED_MS} ms: ${slowest(records, since)}`);
    return problems;
  };
  /**
   * What explains failed requests: HAProxy's log lines of 5xx answers (with the instance, retries
   * and termination state), its last warnings (each instance going down or up, or changing its
   * address, is one), and the stopped instance's shutdown lines.
   */
  const proxyEvidence = async (stopped: Instance) => {
    const access = await readFile(proxy.accessLog, "utf8").catch(() => "");
    const failedLines = access.split("\n").filter((line) => / 5\d\d \d+ /.test(line));
    const shutdownLines = stopped.log.filter((line) => /Serving \d+ ms more|Stopped listening|Shutting down|Shut down/.test(line));
    return [
      `HAProxy 5xx: ${failedLines.slice(-5).join(" | ")}`,
      `HAProxy warnings: ${(await proxy.errors()).slice(-8).join(" | ")}`,
      `the stopped instance: ${shutdownLines.join(" | ")}`,
    ];
  };
  await check(
    `i. rolling restart of B under load through HAProxy: B stopped, then started again; no request fails or takes over ${SLOWEST_ALLOWED_MS / 1000} s`,
    async () => {
      // g stopped B: it comes back first, so the restart begins with both instances serving.
      await ensureRunning("b", "B");
      const { stopAt, startedAt: loadStarted, records: load } = await pageLoad();
      const stoppingAt = Date.now();
      const stoppedB = instances.b;
      stoppedB.child.kill("SIGTERM");
      const exit = await stoppedB.exited;
      const stoppedAt = Date.now();
      // A moment with A alone, then B starts: listed by the DNS at once (as a container is), it
      // refuses connections until it is ready.
      await sleep(1_000);
      const startingAt = Date.now();
      instances.b = launch("B", HOSTS.b);
      await waitUntilReady(instances.b, 120_000);
      const readyAt = Date.now();
      // More than the proxy's DNS answer is kept (2 s) and its checks take: HAProxy has sent to the new B.
      await sleep(4_000);
      stopAt.time = Date.now();
      const records = await load;
      const problems = restartProblems(records, loadStarted);
      if (exit.code !== 0) problems.push(`B exited with ${exit.code ?? exit.signal} on SIGTERM`);
      const servedByNewB = instances.b.served();
      if (servedByNewB === 0) problems.push("the new B answered no request through HAProxy");
      const readyLine = instances.b.log.find((line) => line.includes("The shop is ready at"));
      if (!readyLine?.includes(instances.b.url)) problems.push(`B's log has no ready line naming ${instances.b.url}`);
      const times = `B stopping at +${((stoppingAt - loadStarted) / 1000).toFixed(1)} s, exited +${((stoppedAt - loadStarted) / 1000).toFixed(1)} s, started +${((startingAt - loadStarted) / 1000).toFixed(1)} s, ready +${((readyAt - loadStarted) / 1000).toFixed(1)} s`;
      if (problems.length) problems.push(times, ...(await proxyEvidence(stoppedB)));
      expect(problems.length === 0, `${problems.join("; ")} (B's last lines: ${instances.b.log.slice(-3).join(" | ")})`);
      return (
        `${records.length} requests (${statusSummary(records)}), slowest ${slowest(records, loadStarted, 1)}; ` +
        `B stopping (${((stoppedAt - stoppingAt) / 1000).toFixed(1)} s): ${phase(records, stoppingAt, stoppedAt).text}; ` +
        `A alone: ${phase(records, stoppedAt, startingAt).text}; ` +
        `B starting (${((readyAt - startingAt) / 1000).toFixed(1)} s until ready): ${phase(records, startingAt, readyAt).text}; ` +
        `after: ${phase(records, readyAt, stopAt.time).text}, ${servedByNewB} of them answered by the new B`
      );
    },
  );

  await check(
    `j. A replaced by an instance at another address under load: HAProxy follows it without a reload; no request fails or takes over ${SLOWEST_ALLOWED_MS / 1000} s`,
    async () => {
      await ensureRunning("b", "B");
      const { stopAt, startedAt: loadStarted, records: load } = await pageLoad();
      const replacedAt = Date.now();
      const stoppedA = instances.a;
      stoppedA.child.kill("SIGTERM");
      await stoppedA.exited;
      // A container recreated by compose gets a new address; Docker's DNS then names that one.
      instances.a = launch("A2", HOSTS.aReplaced);
      await waitUntilReady(instances.a, 120_000);
      const readyAt = Date.now();
      await sleep(4_000);
      stopAt.time = Date.now();
      const records = await load;
      const problems = restartProblems(records, loadStarted);
      const servedByNewA = instances.a.served();
      if (servedByNewA === 0) problems.push(`the new instance at ${HOSTS.aReplaced} answered no request through HAProxy`);
      if (problems.length) {
        problems.push(
          `A stopping at +${((replacedAt - loadStarted) / 1000).toFixed(1)} s, its replacement ready +${((readyAt - loadStarted) / 1000).toFixed(1)} s`,
          ...(await proxyEvidence(stoppedA)),
        );
      }
      expect(problems.length === 0, problems.join("; "));
      return (
        `${records.length} requests (${statusSummary(records)}), slowest ${slowest(records, loadStarted, 1)}; ` +
        `A stopped and its replacement ready ${((readyAt - replacedAt) / 1000).toFixed(1)} s later; ` +
        `the DNS names ${dns.listed().join(" and ")}; ${servedByNewA} requests answered at ${HOSTS.aReplaced}, no reload of HAProxy`
      );
    },
  );

  await check(
    "k. a flood of cheap calls from one address (100 connections) leaves other visitors' product page at least half its throughput",
    async () => {
      const productUrl = new URL(`/mart/detail/${PURIFIER_SKU}`, proxyUrl).href;
      /** CROWD visitors, each from its own address, reading the product page back to back for `seconds`. */
      const crowd = async (seconds: number) => {
        const answers: Answer[] = [];
        const endAt = Date.now() + seconds * 1000;
        await Promise.all(
          Array.from({ length: CROWD }, async (_, index) => {
            while (Date.now() < endAt) answers.push(await send(productUrl, { from: visitorAddress(index) }));
          }),
        );
        const figures = summarise(answers);
        return { ...figures, perSecond: (figures.count - figures.failed.length) / seconds };
      };
      await crowd(2);
      const alone = await crowd(MEASURE_S);
      const flood = floodFrom(FLOODER_ADDRESS, new URL("/api/v1/c/merchandise/list?pageSize=100", proxyUrl).href, MEASURE_S + 3);
      await sleep(1_500);
      const during = await crowd(MEASURE_S);
      const flooded = await flood;
      const ratio = during.perSecond / alone.perSecond;
      const floodFigures =
        `flood: ${Math.round(flooded.requests / flooded.seconds)} requests/s from ${FLOODER_ADDRESS} (` +
        Object.entries(flooded.statuses)
          .map(([status, count]) => `${count}× ${status}`)
          .join(", ") +
        ")";
      const problems: string[] = [];
      if (alone.failed.length || during.failed.length) {
        problems.push(`the visitors' requests failed: alone ${alone.statuses}; during the flood ${during.statuses}`);
      }
      if (!(ratio >= 0.5)) problems.push(`during the flood the visitors got ${ratio.toFixed(2)}× their throughput`);
      expect(
        problems.length === 0,
        `${problems.join("; ")}; alone ${alone.perSecond.toFixed(1)}/s, during ${during.perSecond.toFixed(1)}/s; ${floodFigures}`,
      );
      return (
        `product page for ${CROWD} visitors (one address each): alone ${alone.perSecond.toFixed(1)} requests/s (p99 ${alone.p99} ms), ` +
        `during the flood ${during.perSecond.toFixed(1)} requests/s (p99 ${during.p99} ms): ${ratio.toFixed(2)}×; ${floodFigures}`
      );
    },
  );

  const failed = outcomes.filter((outcome) => !outcome.ok);
  console.log(
    `\nTwo instances: ${outcomes.length - failed.length} of ${outcomes.length} checks passed in ${Math.round((Date.now() - started) / 1000)} s.` +
      (failed.length ? ` Failed: ${failed.map((outcome) => outcome.name.split(".")[0]).join(", ")}.` : ""),
  );
  if (failed.length) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
