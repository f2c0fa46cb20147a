// Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on Debian's Chromium, five
// runs per page, the median of each figure.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { BENCH_PAGES, KB, LIGHTHOUSE_BUDGET, PAYMENT_ROUTE } from "./budgets";
import type { Table } from "./report";

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

export interface PageResult {
  route: string;
  minPerformance: number;
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

export async function runLighthouse(baseUrl: string, options: { runs?: number; cookie?: string; paymentQuery?: string; routes?: string[] } = {}): Promise<PageResult[]> {
  const runs = options.runs ?? 5;
  const pages = BENCH_PAGES.filter((page) => page.lighthouse && (!options.routes || options.routes.includes(page.route)));
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  try {
    const results: PageResult[] = [];
    for (const page of pages) {
      const payment = page.route === PAYMENT_ROUTE;
      if (payment && !(options.cookie && options.paymentQuery)) continue;
      const url = new URL(payment ? `${page.route}${options.paymentQuery}` : page.route, baseUrl).href;
      const cookie = payment ? options.cookie : undefined;
      // One unmeasured load first, so no run pays for a cold server-side cache.
      await fetch(url, { headers: cookie ? { cookie } : undefined });
      const figures: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) figures.push(await runOnce(url, chrome.port, cookie));
      const pick = (key: keyof LighthouseFigures) => median(figures.map((figure) => figure[key]));
      results.push({
        route: page.route,
        minPerformance: page.minPerformance,
        runs: figures,
        median: { performance: pick("performance"), lcpMs: pick("lcpMs"), tbtMs: pick("tbtMs"), cls: pick("cls"), fcpMs: pick("fcpMs"), transferBytes: pick("transferBytes") },
      });
      console.log(`lighthouse ${page.route}: ${figures.map((figure) => figure.performance).join(", ")}`);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

export function lighthouseTable(results: PageResult[], runs: number): Table {
  return {
    title: `Lighthouse, mobile preset, median of ${runs} runs`,
    columns: ["Route", "Performance", "LCP", "TBT", "CLS", "FCP", "Transfer"],
    rows: results.map(({ route, median: figures, minPerformance }) => ({
      label: route,
      cells: [
        { value: figures.performance, unit: "score", budget: { limit: minPerformance, kind: "min" } },
        { value: figures.lcpMs / 1000, unit: "s", budget: { limit: LIGHTHOUSE_BUDGET.lcpMs / 1000, kind: "max" } },
        { value: figures.tbtMs, unit: "ms", budget: { limit: LIGHTHOUSE_BUDGET.tbtMs, kind: "max" } },
        { value: figures.cls, unit: "", budget: { limit: LIGHTHOUSE_BUDGET.cls, kind: "max" } },
        { value: figures.fcpMs / 1000, unit: "s" },
        { value: figures.transferBytes / KB, unit: "KB" },
      ],
    })),
  };
}
