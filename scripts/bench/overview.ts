// The console overview on PostgreSQL with a year of a busy shop: 50,000 orders (paid, cancelled,
// expired, refunded), 5,000 members with their purifiers, care plans, after-sale requests and the
// funnel's rows, generated in SQL. Measures the page's server time as the operator asks for it
// (the HTML of /admin, on this machine's loopback) for each period, after one warm-up request.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { Table } from "./report";
import { signIn } from "./shop-api";
import { postgresAdminQuery, startShop } from "./shop-server";

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
export const OVERVIEW_ORDERS = 50_000;
export const OVERVIEW_MEMBERS = 5_000;
/** The budget for the page's server time. */
const BUDGET_MS = 300;
const PERIODS = ["today", "7d", "30d", "month", "custom&from=2025-12-01&to=2026-11-27"] as const;

export interface OverviewRun {
  period: string;
  timesMs: number[];
}

export function seedDemoData(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/db-seed.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO_DATA: "true" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`db-seed exited with ${code}`))));
  });
}

// One statement each, all in SQL: the database makes 50,000 rows faster than any loop here.
const GENERATE = [
  `insert into users (email, username, role)
     select 'bench-' || g || '@example.com', 'Bench ' || g, 'customer' from generate_series(1, 20000) g`,
  `create temporary table bench_users as select id, row_number() over (order by email) as n from users where email like 'bench-%'`,
  // Orders over the last 400 days: 86 % paid (some later shipped or delivered), 5 % cancelled unpaid, 5 % expired, 4 % refunded in full.
  `create temporary table bench_orders as
     select gen_random_uuid() as id, (select id from bench_users where n = 1 + (g % 20000)) as user_id, g,
       (array['LW-RO600','LW-F1-PP','LW-F2-RO','LW-F3-PC','LW-ACC-TDS','LW-ACC-CARAFE','LW-MEM-M','LW-CARE-2Y'])[1 + (g % 8)] as sku,
       1 + (g % 3) as quantity,
       now() - (random() * interval '400 days') as made
     from generate_series(1, ${OVERVIEW_ORDERS}) g`,
  `insert into orders (id, user_id, status, subtotal_cents, shipping_cents, tax_cents, total_cents, refunded_cents, shipped_subtotal_cents,
       shipping_method, shipping_address, stock_held, referral_code, created_at, updated_at, paid_at, cancelled_at, cancel_reason)
     select o.id, o.user_id,
       case when o.g % 100 < 5 then 'cancelled' when o.g % 100 < 10 then 'cancelled' when o.g % 100 < 14 then 'cancelled'
            when o.g % 100 < 60 then 'delivered' when o.g % 100 < 70 then 'shipped' else 'paid' end,
       p.discount_price_cents * o.quantity, 0, (p.discount_price_cents * o.quantity * 825) / 10000,
       p.discount_price_cents * o.quantity + (p.discount_price_cents * o.quantity * 825) / 10000,
       case when o.g % 100 between 10 and 13 then p.discount_price_cents * o.quantity + (p.discount_price_cents * o.quantity * 825) / 10000 else 0 end,
       0, 'ups_ground', '{"fullName":"Bench","line1":"1 Main St","city":"Houston","state":"TX","zip":"77002"}'::jsonb, false,
       case when o.g % 17 = 0 then 'CODE' || (o.g % 40) else null end,
       o.made, o.made,
       case when o.g % 100 < 10 then null else o.made + interval '3 minutes' end,
       case when o.g % 100 < 14 then o.made + interval '1 day' else null end,
       case when o.g % 100 between 5 and 9 then 'expired' else null end
     from bench_orders o join products p on p.sku = o.sku`,
  `insert into order_items (order_id, sku, name, images, attributes, spec, quantity, original_price_cents, unit_price_cents, regular_price_cents, line_total_cents)
     select o.id, o.sku, p.name, '[]'::jsonb, '', '[]'::jsonb, o.quantity, p.original_price_cents, p.discount_price_cents, p.discount_price_cents,
       p.discount_price_cents * o.quantity
     from bench_orders o join products p on p.sku = o.sku`,
  `insert into payments (order_id, user_id, idempotency_key, provider, status, amount_cents, refunded_cents)
     select id, user_id, 'bench-' || id, 'test', 'succeeded', total_cents, refunded_cents from orders where paid_at is not null and user_id in (select id from bench_users)`,
  `insert into refunds (payment_id, order_id, status, reason, amount_cents, idempotency_key, actor, created_at, updated_at)
     select p.id, o.id, 'succeeded', 'order_cancelled', o.refunded_cents, 'bench-refund-' || o.id, 'system', o.cancelled_at, o.cancelled_at
     from orders o join payments p on p.order_id = o.id where o.refunded_cents > 0`,
  // 5,000 members: monthly and yearly, a few cancelled, lapsed or past due; 1,000 care plans.
  `insert into memberships (user_id, kind, sku, status, starts_at, ends_at, auto_renew, cancelled_at, renewal_attempts, created_at)
     select u.id, 'membership', case when u.n % 3 = 0 then 'LW-MEM-Y' else 'LW-MEM-M' end,
       case when u.n % 50 = 0 then 'expired' when u.n % 45 = 0 then 'past_due' when u.n % 40 = 0 then 'cancelled' else 'active' end,
       now() - (u.n % 365) * interval '1 day',
       now() - (u.n % 365) * interval '1 day' + case when u.n % 3 = 0 then interval '1 year' else interval '1 month' * (1 + (u.n % 365) / 30) end,
       u.n % 40 <> 0, case when u.n % 40 = 0 then now() - interval '2 days' else null end, case when u.n % 45 = 0 then 2 else 0 end,
       now() - (u.n % 365) * interval '1 day'
     from bench_users u where u.n <= ${OVERVIEW_MEMBERS}`,
  `insert into memberships (user_id, kind, sku, status, starts_at, ends_at, auto_renew, created_at)
     select u.id, 'care', 'LW-CARE-2Y', 'active', now() - (u.n % 300) * interval '1 day', now() + interval '400 days', false, now() - (u.n % 300) * interval '1 day'
     from bench_users u where u.n > ${OVERVIEW_MEMBERS} and u.n <= ${OVERVIEW_MEMBERS + 1000}`,
  `insert into purifiers (user_id, sku, source, purchased_on, installed_on, verification)
     select u.id, 'LW-RO600', 'order', (current_date - (u.n % 700)::int), (current_date - (u.n % 700)::int), 'shipped'
     from bench_users u where u.n <= ${OVERVIEW_MEMBERS}`,
  `insert into after_sale_requests (order_id, user_id, sku, name, quantity, type, reason, description, status, refund_cents, created_at, updated_at)
     select o.id, o.user_id, o.sku, 'Bench item', 1, 'return', 'Other', 'Generated for the overview bench.',
       (array['pending_review','approved','returning','received','completed','rejected'])[1 + (o.g % 6)], 100, o.made + interval '5 days', o.made + interval '5 days'
     from bench_orders o where o.g % 25 = 0`,
  `insert into after_sale_events (after_sale_id, type, actor, created_at)
     select id, case when status = 'rejected' then 'rejected' else 'approved' end, 'admin', created_at + interval '7 hours'
     from after_sale_requests where status <> 'pending_review'`,
  `insert into funnel_events (day, step)
     select (current_date - (g % 400)::int), (array['cart_started','cart_started','cart_started','checkout','checkout','paid'])[1 + (g % 6)]
     from generate_series(1, 150000) g`,
  `analyze`,
];

export async function generateOverviewData(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of GENERATE) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The shop on a PostgreSQL database of its own, filled as above; each period asked `runs` times after a warm-up. */
export async function overviewRuns(port: number, runs: number): Promise<OverviewRun[]> {
  const database = `lenwell_bench_overview_${Date.now()}_${process.pid}`;
  await postgresAdminQuery(POSTGRES_ADMIN_URL, `create database ${database}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  try {
    await seedDemoData(url.href);
    const started = performance.now();
    await generateOverviewData(url.href);
    console.log(`Overview data generated in ${Math.round(performance.now() - started)} ms`);
    // The engine named is only where startShop keeps its files: DATABASE_URL points the shop at this database.
    const shop = await startShop("pglite", port, { settings: { DATABASE_URL: url.href } });
    try {
      const operator = await signIn(shop.url, "admin");
      const results: OverviewRun[] = [];
      for (const period of PERIODS) {
        const address = new URL(`/admin?period=${period}`, shop.url);
        const timesMs: number[] = [];
        for (let run = 0; run <= runs; run += 1) {
          const begin = performance.now();
          const response = await fetch(address, { headers: { cookie: operator.cookie } });
          const html = await response.text();
          const elapsed = performance.now() - begin;
          if (response.status !== 200 || !html.includes("Filter demand ahead"))
            throw new Error(`/admin?period=${period} answered ${response.status}`);
          if (run > 0) timesMs.push(elapsed);
        }
        results.push({ period, timesMs });
      }
      return results;
    } finally {
      await shop.stop();
    }
  } finally {
    await postgresAdminQuery(POSTGRES_ADMIN_URL, `drop database if exists ${database} with (force)`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function overviewTable(results: OverviewRun[], runs: number): Table {
  return {
    title: `Console overview on PostgreSQL (${OVERVIEW_ORDERS.toLocaleString("en-US")} orders, ${OVERVIEW_MEMBERS.toLocaleString("en-US")} members)`,
    columns: ["Period", "Median", "Slowest"],
    rows: results.map((result) => ({
      label: result.period.replace("&", " ").replaceAll("&", " "),
      cells: [
        { value: median(result.timesMs), unit: "ms", budget: { limit: BUDGET_MS, kind: "max" } },
        { value: Math.max(...result.timesMs), unit: "ms" },
      ],
    })),
    notes: [`The HTML of /admin for the demo operator over loopback, ${runs} requests per period after one warm-up.`],
  };
}
