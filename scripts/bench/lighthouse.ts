// Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on Debian's Chromium, five
// runs per page, the median of each figure.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { BENCH_PAGES, KB, LIGHTHOUSE_BUDGET, PAYMENT_ROUTE } from "./budgets";
import type { Figure, Table } from "./report";

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export interface LighthouseFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  transferBytes: number;
}

export const BARE_LABEL = "bare Next.js page (the limit)";

export interface PageResult {
  route: string;
  minPerformance?: number;
  median: LighthouseFigures;
  runs: LighthouseFigures[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function runOnce(url: string, port: number, cookie: string | undefined): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    fcpMs: audit("first-contentful-paint"),
    transferBytes: audit("total-byte-weight"),
  };
}

/** Chromium now and then loses a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`Lighthouse run failed (${error instanceof Error ? error.message : String(error)}); trying again.`);
    }
  }
}

interface Target {
  label: string;
  url: string;
  cookie?: string;
  /** Performance score the page must reach; none for the bare page (it is the limit, not a page of ours). */
  minPerformance?: number;
}

async function measure(targets: Target[], runs: number): Promise<PageResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  try {
    const results: PageResult[] = [];
    for (const target of targets) {
      // One unmeasured load first, so no run pays for a cold server-side cache.
      await fetch(target.url, { headers: target.cookie ? { cookie: target.cookie } : undefined });
      const figures: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) figures.push(await withRetries(() => runOnce(target.url, chrome.port, target.cookie)));
      const pick = (key: keyof LighthouseFigures) => median(figures.map((figure) => figure[key]));
      results.push({
        route: target.label,
        minPerformance: target.minPerformance,
        runs: figures,
        median: { performance: pick("performance"), lcpMs: pick("lcpMs"), tbtMs: pick("tbtMs"), cls: pick("cls"), fcpMs: pick("fcpMs"), transferBytes: pick("transferBytes") },
      });
      console.log(`lighthouse ${target.label}: ${figures.map((figure) => figure.performance).join(", ")}`);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/**
 * The shop's pages (the payment page only with a signed-in `cookie` and its `paymentQuery`), and,
 * when `bareUrl` is given, the bare Next.js page first: the best any page of this stack can do here.
 */
export async function runLighthouse(
  baseUrl: string,
  options: { runs?: number; cookie?: string; paymentQuery?: string; routes?: string[]; bareUrl?: string } = {},
): Promise<PageResult[]> {
  const targets: Target[] = options.bareUrl ? [{ label: BARE_LABEL, url: options.bareUrl }] : [];
  for (const page of BENCH_PAGES) {
    if (!page.lighthouse || (options.routes && !options.routes.includes(page.route))) continue;
    const payment = page.route === PAYMENT_ROUTE;
    if (payment && !(options.cookie && options.paymentQuery)) continue;
    targets.push({
      label: page.route,
      url: new URL(payment ? `${page.route}${options.paymentQuery}` : page.route, baseUrl).href,
      cookie: payment ? options.cookie : undefined,
      minPerformance: page.minPerformance,
    });
  }
  return measure(targets, options.runs ?? 5);
}

function budgeted(figure: Figure, limit: number | undefined, kind: "min" | "max"): Figure {
  return limit === undefined ? figure : { ...figure, budget: { limit, kind } };
}

export function lighthouseTable(results: PageResult[], runs: number): Table {
  return {
    title: `Lighthouse, mobile preset, median of ${runs} runs`,
    columns: ["Route", "Performance", "LCP", "TBT", "CLS", "FCP", "Transfer"],
    rows: results.map(({ route, median: figures, minPerformance }) => {
      // The shop's pages carry the budgets; the bare page (no minimum score) is the limit, shown bare.
      const ours = minPerformance !== undefined;
      return {
        label: route,
        cells: [
          budgeted({ value: figures.performance, unit: "score" }, minPerformance, "min"),
          budgeted({ value: figures.lcpMs / 1000, unit: "s" }, ours ? LIGHTHOUSE_BUDGET.lcpMs / 1000 : undefined, "max"),
          budgeted({ value: figures.tbtMs, unit: "ms" }, ours ? LIGHTHOUSE_BUDGET.tbtMs : undefined, "max"),
          budgeted({ value: figures.cls, unit: "" }, ours ? LIGHTHOUSE_BUDGET.cls : undefined, "max"),
          { value: figures.fcpMs / 1000, unit: "s" },
          { value: figures.transferBytes / KB, unit: "KB" },
        ],
      };
    }),
  };
}
