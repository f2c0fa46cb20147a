// `npm run bench [-- <part> …] [--no-build] [--runs N] [--duration S] [--routes /,/mart] [--cpu-slowdown X] [--strict] [--cpu-prof]`:
// builds the shop, starts it on a database of its own, and measures. Parts: bundles, lighthouse,
// audits, throughput, bookkeeping, storm, scaling, overview, search (all by default).
// Results: bench-results/<date>.json and .md (and latest.*), the Markdown printed as well.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { PURIFIER_SKU } from "@/lib/config/store";
import { startBareApp } from "./bare-app";
import { bundleTable, measureRoutes } from "./bundles";
import { measureFirstLoad } from "./first-load";
import { auditTable, runAudits } from "./audits";
import { lighthouseTables, runLighthouse } from "./lighthouse";
import { describeEnvironment, failuresOf, writeReport, type Table } from "./report";
import { addToCart, checkout, emptyCart, signIn } from "./shop-api";
import { scalingRuns, scalingTable } from "./scaling";
import { searchBench, searchTable } from "./search";
import { bookkeepingRuns, bookkeepingTable } from "./bookkeeping";
import { startShop, type ShopOptions } from "./shop-server";
import { stormRuns, stormTable } from "./storm";
import { overviewRuns, overviewTable } from "./overview";
import { nginxThroughput, pageHtml, shopThroughput, startNginx, throughputTable, type ShopThroughput } from "./throughput";

const PARTS = ["bundles", "lighthouse", "audits", "throughput", "bookkeeping", "storm", "scaling", "overview", "search"] as const;
type Part = (typeof PARTS)[number];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "no-build": { type: "boolean", default: false },
    strict: { type: "boolean", default: false },
    "cpu-prof": { type: "boolean", default: false },
    runs: { type: "string", default: "5" },
    duration: { type: "string", default: "10" },
    port: { type: "string", default: process.env.BENCH_PORT || "3200" },
    // Lighthouse only: the pages to measure, comma-separated (all by default), beside the bare page;
    // and a CPU slowdown for the applied runs instead of the calibrated one (to compare two builds).
    routes: { type: "string" },
    "cpu-slowdown": { type: "string" },
  },
});
const unknown = positionals.filter((part) => !PARTS.includes(part as Part));
if (unknown.length) {
  console.error(`Unknown part ${unknown.join(", ")}; the parts are ${PARTS.join(", ")}.`);
  process.exit(2);
}
const parts = new Set<Part>(positionals.length ? (positionals as Part[]) : PARTS);
const runs = Number(values.runs);
const durationS = Number(values.duration);
const port = Number(values.port);
const routes = values.routes?.split(",").map((route) => route.trim());
const cpuSlowdown = values["cpu-slowdown"] === undefined ? undefined : Number(values["cpu-slowdown"]);
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) {
  console.error("--cpu-slowdown is a multiplier of at least 1.");
  process.exit(2);
}
// V8 CPU profiles of the shops the run starts, written when each stops (open them in Chrome's DevTools).
// The figures are the shop's own server's, what `npm start` runs (docs/decisions/0051).
const shopOptions: ShopOptions = {
  server: "shop",
  ...(values["cpu-prof"] ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${path.resolve("bench-results", "profiles")}`] } : {}),
};

if (!values["no-build"]) {
  console.log("Building the shop (skip with --no-build)…");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const environment = await describeEnvironment();
const tables: Table[] = [];
const raw: Record<string, unknown> = {};
// Everything the run starts (shops, the bare app, nginx), stopped however the run ends.
const running: { stop(): Promise<void> }[] = [];
const stopAll = async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stopAll().finally(() => process.exit(130)));
const release = async (server: { stop(): Promise<void> }) => {
  const index = running.indexOf(server);
  if (index !== -1) running.splice(index, 1);
  await server.stop();
};
let failure: unknown = null;

try {
  // Scaling starts servers of its own (standalone, on PostgreSQL): the others share this shop.
  const shop =
    parts.has("bundles") || parts.has("lighthouse") || parts.has("audits") || parts.has("throughput")
      ? await startShop("pglite", port, shopOptions)
      : null;
  if (shop) {
    running.push(shop);
    console.log(`Shop on ${shop.url} (embedded database)`);
  }

  // The payment page is measured as a customer sees it: signed in, on a pending order of theirs.
  const customer = shop ? await signIn(shop.url, "customer") : null;
  let paymentQuery = "";
  if (customer) {
    await emptyCart(customer);
    await addToCart(customer, PURIFIER_SKU, 1);
    paymentQuery = `?orderId=${await checkout(customer)}`;
  }

  if (shop && customer && (parts.has("bundles") || parts.has("lighthouse"))) {
    // A bare Next.js app beside the shop: the least any page of this stack loads, and the best
    // Lighthouse score it can get on this machine.
    const bareApp = await startBareApp(port + 2);
    running.push(bareApp);
    try {
      if (parts.has("bundles")) {
        const { bare, routes } = await measureRoutes(shop.url, { cookie: customer.cookie, paymentQuery });
        const bareAppLoad = await measureFirstLoad(bareApp.url, "/");
        raw.bundles = { bare, routes, bareApp: bareAppLoad };
        tables.push(bundleTable(bare, routes, bareAppLoad));
      }
      if (parts.has("lighthouse")) {
        // The bare page is measured first, in the same Chromium and runs: the pages' budgets are relative to it.
        const results = await runLighthouse(shop.url, bareApp.url, { runs, cookie: customer.cookie, paymentQuery, routes, cpuSlowdown });
        raw.lighthouse = results;
        tables.push(...lighthouseTables(results, runs));
      }
    } finally {
      await release(bareApp);
    }
  }
  if (shop && customer && parts.has("audits")) {
    const results = await runAudits(shop.url, { cookie: customer.cookie, paymentQuery });
    raw.audits = results;
    tables.push(auditTable(results));
  }
  if (shop && parts.has("throughput")) {
    const pages = await pageHtml(shop.url);
    const shops: ShopThroughput[] = [await shopThroughput(shop, durationS)];
    await stopAll();
    const postgres = await startShop("postgres", port, shopOptions);
    running.push(postgres);
    console.log(`Shop on ${postgres.url} (PostgreSQL)`);
    shops.push(await shopThroughput(postgres, durationS));
    await stopAll();
    const nginx = await startNginx(port + 1, pages);
    running.push(nginx);
    try {
      const limit = await nginxThroughput(nginx, durationS);
      raw.throughput = { shops, nginx: limit };
      tables.push(throughputTable(shops, limit, durationS));
    } finally {
      await release(nginx);
    }
  }
  if (parts.has("bookkeeping")) {
    await stopAll();
    const result = await bookkeepingRuns(port, durationS, shopOptions);
    raw.bookkeeping = result;
    tables.push(bookkeepingTable(result, durationS));
  }
  if (parts.has("storm")) {
    // A shop of its own, with the shipped proof-of-work thresholds and nothing counted yet.
    await stopAll();
    const results = await stormRuns(port);
    raw.storm = results;
    tables.push(stormTable(results));
  }
  if (parts.has("search")) {
    await stopAll();
    const result = await searchBench(port, durationS, running, shopOptions);
    await stopAll();
    raw.search = result;
    tables.push(searchTable(result, durationS));
  }
  if (parts.has("scaling")) {
    // After the other parts, whose servers are stopped by then: the ports and cores are its own.
    await stopAll();
    const runs = await scalingRuns(port + 3, durationS);
    raw.scaling = runs;
    tables.push(scalingTable(runs, durationS));
  }
  if (parts.has("overview")) {
    await stopAll();
    const results = await overviewRuns(port, runs);
    raw.overview = results;
    tables.push(overviewTable(results, runs));
  }
} catch (error) {
  // What was measured before the failure is still written.
  failure = error;
  raw.failure = error instanceof Error ? error.stack : String(error);
} finally {
  await stopAll();
}

const { markdown, files } = await writeReport(environment, tables, raw);
console.log(`\n${markdown}`);
console.log(`Written: ${files.join(", ")}`);
// Figures outside their budget are marked; --strict also fails the run for them.
if (values.strict && failuresOf(tables).length) process.exitCode = 1;
if (failure) {
  console.error("The run stopped early:", failure);
  process.exitCode = 1;
}
