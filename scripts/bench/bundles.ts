// First-load JavaScript and CSS per route, from what each page's HTML loads, beside the bare page of
// the same build: the build's root main files (build-manifest.json `rootMainFiles`: Turbopack's
// runtime, React, Next's client router and instrumentation-client.ts), which is all a page without
// client components of its own loads. The difference is the shop's own share.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { BENCH_PAGES, CSS_BUDGET, JS_ABOVE_BARE_BUDGET, KB, type BenchPage } from "./budgets";
import { gzipSize, measureFirstLoad, type Asset, type FirstLoad } from "./first-load";
import type { Table } from "./report";

export interface BareLoad {
  js: Asset[];
  jsGzip: number;
}

export async function bareFirstLoad(distDir = ".next"): Promise<BareLoad> {
  const manifest = JSON.parse(await readFile(path.join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles?: string[] };
  const files = manifest.rootMainFiles ?? [];
  if (!files.length) throw new Error(`${distDir}/build-manifest.json lists no rootMainFiles: run \`npm run build\` first`);
  const js = await Promise.all(
    files.map(async (file) => {
      const body = await readFile(path.join(distDir, file));
      return { url: `/_next/${file}`, bytes: body.byteLength, gzip: gzipSize(body) };
    }),
  );
  return { js, jsGzip: js.reduce((total, asset) => total + asset.gzip, 0) };
}

export interface RouteLoad extends FirstLoad {
  kind: BenchPage["kind"];
  /** Module script gzip bytes the page loads beyond the bare page. */
  ownJsGzip: number;
  ownJs: Asset[];
}

export function ownShare(load: FirstLoad, bare: BareLoad): { ownJs: Asset[]; ownJsGzip: number } {
  const framework = new Set(bare.js.map((asset) => asset.url));
  const ownJs = load.js.filter((asset) => !framework.has(asset.url));
  return { ownJs, ownJsGzip: ownJs.reduce((total, asset) => total + asset.gzip, 0) };
}

/**
 * Measures every page of BENCH_PAGES on a running shop. `paymentQuery` (`?orderId=…`) and `cookie`
 * let the payment page render for a signed-in customer.
 */
export async function measureRoutes(
  baseUrl: string,
  options: { cookie?: string; paymentQuery?: string; distDir?: string } = {},
): Promise<{ bare: BareLoad; routes: RouteLoad[] }> {
  const bare = await bareFirstLoad(options.distDir);
  const cache = new Map<string, Promise<Asset>>();
  const routes: RouteLoad[] = [];
  for (const page of BENCH_PAGES) {
    if (page.kind === "payment" && !(options.cookie && options.paymentQuery)) continue;
    const headers = options.cookie ? { cookie: options.cookie } : undefined;
    const route = page.kind === "payment" ? `${page.route}${options.paymentQuery}` : page.route;
    const load = await measureFirstLoad(baseUrl, route, { headers, cache });
    routes.push({ ...load, route: page.route, kind: page.kind, ...ownShare(load, bare) });
  }
  return { bare, routes };
}

const kb = (bytes: number) => bytes / KB;

export function bundleTable(bare: BareLoad, routes: RouteLoad[], bareApp?: FirstLoad): Table {
  return {
    title: "First load (gzip), measured from each page's HTML",
    columns: ["Route", "JS", "JS above bare page", "CSS", "HTML"],
    rows: [
      ...(bareApp
        ? [
            {
              label: "bare Next.js app, separate build (for scale)",
              cells: [
                { value: kb(bareApp.jsGzip), unit: "KB" as const },
                null,
                { value: kb(bareApp.cssGzip), unit: "KB" as const },
                { value: kb(bareApp.htmlGzip), unit: "KB" as const },
              ],
            },
          ]
        : []),
      { label: "bare page of this build (root main files)", cells: [{ value: kb(bare.jsGzip), unit: "KB" }, null, null, null] },
      ...routes.map((load) => ({
        label: load.route,
        cells: [
          { value: kb(load.jsGzip), unit: "KB" as const },
          { value: kb(load.ownJsGzip), unit: "KB" as const, budget: { limit: kb(JS_ABOVE_BARE_BUDGET[load.kind]), kind: "max" as const } },
          { value: kb(load.cssGzip), unit: "KB" as const, budget: { limit: kb(CSS_BUDGET), kind: "max" as const } },
          { value: kb(load.htmlGzip), unit: "KB" as const },
        ],
      })),
    ],
    notes: ["Module scripts only (noModule polyfills are skipped). KB = 1000 bytes, gzip level 6."],
  };
}
