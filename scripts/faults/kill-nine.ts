// Kill -9 under load: the production server is killed with SIGKILL at random moments while
// customers check out and pay, restarted each time, and afterwards the database is checked for the
// shop's invariants. Prints the figures; exits non-zero on any violation.
//
//   npm run build && npm run chaos:kill            (embedded PGlite, the default)
//   KILLS=20 npm run chaos:kill                     (more rounds)
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase, type DatabaseHandle } from "@/lib/db/client";
import { products } from "@/lib/db/schema";
import { call, listedProducts, signIn, type Session } from "../bench/shop-api";

const KILLS = Number(process.env.KILLS ?? 10);
const WORKERS = 6;
const PORT = Number(process.env.KILL_PORT ?? 3190);
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = path.resolve(".data", `kill-nine-${process.pid}`);
const pgliteDir = path.join(dataDir, "pglite");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CARD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123", name: "Kill Nine" };

function startServer(): ChildProcess {
  return spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(PORT)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      SITE_URL: BASE,
      PGLITE_DIR: pgliteDir,
      MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
      SMTP_URL: "",
      REDIS_URL: "",
      DATABASE_URL: "",
      SEED_DEMO_DATA: "true",
      // Unpaid orders expire a minute after checkout, so the run can see expiry release them.
      ORDER_PAYMENT_TTL_MINUTES: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitUntilUp(child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/v1/c/merchandise/list`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error("The server did not come up");
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

const figures = { kills: 0, ordersCreated: 0, paymentsAnswered: 0, paidAnswers: 0, failedCalls: 0 };

/** One customer buying and paying in a loop until the server goes away. */
async function shopper(customer: Session, skus: string[], running: () => boolean): Promise<void> {
  while (running()) {
    const sku = skus[Math.floor(Math.random() * skus.length)] ?? skus[0] ?? "";
    try {
      const { orderId } = await call<{ orderId: string }>(customer, "POST", "/api/v1/c/merchandise/order/add", {
        skuNum: sku,
        quantity: 1,
      });
      figures.ordersCreated += 1;
      // Some orders are left unpaid, for the expiry to release.
      if (Math.random() < 0.2) continue;
      const key = `kill-${randomUUID()}`;
      const result = await call<{ status: string }>(customer, "POST", "/api/v1/c/merchandise/order/payment", {
        orderId,
        card: CARD,
        idempotencyKey: key,
      });
      figures.paymentsAnswered += 1;
      if (result.status === "paid") figures.paidAnswers += 1;
    } catch {
      // A refused call (out of stock) or the server killed under it.
      figures.failedCalls += 1;
      if (!running()) return;
      await sleep(50);
    }
  }
}

function rows<T>(result: unknown): T[] {
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error("A query answered without rows");
}

async function violations(handle: DatabaseHandle, initial: Map<string, number>): Promise<Record<string, unknown[]>> {
  const { db } = handle;
  const stock = rows<{ sku: string; stock: number; held: number }>(
    await db.execute(sql`
      select p.sku, p.stock, coalesce(sum(i.quantity) filter (where o.status in ('pending_payment', 'paid', 'shipped', 'delivered')), 0)::int as held
      from products p left join order_items i on i.sku = p.sku left join orders o on o.id = i.order_id
      group by p.sku, p.stock`),
  );
  return {
    "products whose stock + reserved + sold differs from the start": stock
      .filter((row) => row.stock + row.held !== initial.get(row.sku))
      .map((row) => ({ ...row, atStart: initial.get(row.sku) })),
    "products with negative stock": stock.filter((row) => row.stock < 0),
    "paid orders without a successful payment": rows(
      await db.execute(sql`
        select o.id from orders o where o.status in ('paid', 'shipped', 'delivered') and not exists (
          select 1 from payments p where p.order_id = o.id and p.status in ('succeeded', 'partially_refunded'))`),
    ),
    "orders charged more than once": rows(
      await db.execute(sql`
        select order_id from payments where status in ('succeeded', 'refunded', 'partially_refunded') group by order_id having count(*) > 1`),
    ),
    "unpaid orders held past their time limit": rows(
      await db.execute(sql`select id from orders where status = 'pending_payment' and expires_at < now()`),
    ),
  };
}

async function main(): Promise<void> {
  if (!existsSync(path.resolve(".next", "BUILD_ID"))) throw new Error("No production build: run `npm run build` first.");
  await rm(dataDir, { recursive: true, force: true });
  const settings = { ...readDatabaseSettings({}), engine: "pglite" as const, url: null, pgliteDir, seedDemoData: true };
  const seeded = await openDatabase(settings);
  const initial = new Map(
    (await seeded.db.select({ sku: products.sku, stock: products.stock }).from(products)).map((row) => [row.sku, row.stock]),
  );
  await seeded.close();

  const started = Date.now();
  let server = startServer();
  await waitUntilUp(server);
  const customer = await signIn(BASE, "customer");
  await call(customer, "POST", "/api/v1/c/ulogin/save", {
    defaultAddress: { fullName: "Kill Nine", line1: "1200 Main St", city: "Houston", state: "TX", zip: "77002" },
  });
  const skus = (await listedProducts(BASE)).filter((product) => product.stock > 0).map((product) => product.skuNum);

  for (let kill = 0; kill < KILLS; kill += 1) {
    let running = true;
    const shoppers = Array.from({ length: WORKERS }, () => shopper(customer, skus, () => running));
    await sleep(1_500 + Math.random() * 2_500);
    await stop(server, "SIGKILL");
    figures.kills += 1;
    running = false;
    await Promise.all(shoppers);
    server = startServer();
    await waitUntilUp(server);
  }
  // Every unpaid order's minute runs out; the customer's own read sweeps theirs at once.
  await sleep(65_000);
  await call(customer, "GET", "/api/v1/c/merchandise/order/list?page=1&pageSize=5");
  await stop(server, "SIGTERM");

  const handle = await openDatabase({ ...settings, seedDemoData: false });
  const found = await violations(handle, initial);
  const [orders] = rows<{ total: number; paid: number; unpaid: number; cancelled: number }>(
    await handle.db.execute(sql`
      select count(*)::int as total, (count(*) filter (where status = 'paid'))::int as paid,
        (count(*) filter (where status = 'pending_payment'))::int as unpaid, (count(*) filter (where status = 'cancelled'))::int as cancelled
      from orders`),
  );
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });

  const total = Object.values(found).reduce((sum, list) => sum + list.length, 0);
  console.log(`kill -9 under load (PGlite, ${WORKERS} shoppers, ${Math.round((Date.now() - started) / 1000)} s):`);
  console.log(
    `  kills ${figures.kills}; orders created (answered) ${figures.ordersCreated}; payments answered ${figures.paymentsAnswered} (${figures.paidAnswers} paid); calls lost or refused ${figures.failedCalls}`,
  );
  console.log(
    `  in the database: ${orders?.total ?? 0} orders, ${orders?.paid ?? 0} paid, ${orders?.cancelled ?? 0} cancelled (expired or refused), ${orders?.unpaid ?? 0} still unpaid`,
  );
  for (const [name, list] of Object.entries(found))
    console.log(`  ${name}: ${list.length}${list.length ? ` ${JSON.stringify(list.slice(0, 5))}` : ""}`);
  console.log(`  invariant violations: ${total}`);
  if (total > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
