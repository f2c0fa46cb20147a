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

/**
 * Where one run's time went, from Lighthouse's own audits (simulated times, in ms): the LCP's phases
 * (time to first byte, the picture's load delay and load time, and the render delay after it, which
 * holds every script and layout the simulation counts before the paint), the main thread's work by
 * kind, and the longest task with the script it is charged to.
 */
export interface TimeSpent {
  lcpElement: string;
  lcpPhases: Record<string, number>;
  mainThread: Record<string, number>;
  longestTask: { source: string; ms: number } | null;
}

export interface PageResult {
  route: string;
  minPerformance?: number;
  median: LighthouseFigures;
  runs: LighthouseFigures[];
  /** Medians over the runs of each phase and kind of work; the element and the task's source most often seen. */
  time: TimeSpent;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The `items` of an audit's details table (Lighthouse's result is JSON: read it defensively). */
function detailItems(details: unknown): Record<string, unknown>[] {
  if (!isRecord(details) || !Array.isArray(details.items)) return [];
  return details.items.filter(isRecord);
}

/** "img /images/hero-purifier.svg", "p" or "h1": what the LCP was, short enough for a table cell. */
function describeLcpElement(snippet: unknown): string {
  if (typeof snippet !== "string") return "–";
  const tag = /^<([a-z0-9-]+)/i.exec(snippet)?.[1] ?? "?";
  const src = /\ssrc="([^"]+)"/.exec(snippet)?.[1];
  return src ? `${tag} ${src}` : tag;
}

/** Where the run's time went (see TimeSpent). Lighthouse names a long task after its script's URL. */
export function timeSpent(audits: Record<string, { details?: unknown } | undefined>): TimeSpent {
  const [elementTable, phaseTable] = detailItems(audits["largest-contentful-paint-element"]?.details);
  const node = detailItems(elementTable)[0]?.node;
  const lcpPhases: Record<string, number> = {};
  for (const row of detailItems(phaseTable))
    if (typeof row.phase === "string" && typeof row.timing === "number") lcpPhases[row.phase] = row.timing;
  const mainThread: Record<string, number> = {};
  for (const row of detailItems(audits["mainthread-work-breakdown"]?.details)) {
    if (typeof row.group === "string" && typeof row.duration === "number") mainThread[row.group] = row.duration;
  }
  let longestTask: TimeSpent["longestTask"] = null;
  for (const row of detailItems(audits["long-tasks"]?.details)) {
    if (typeof row.duration !== "number" || (longestTask && longestTask.ms >= row.duration)) continue;
    const source = typeof row.url === "string" ? (row.url.startsWith("http") ? new URL(row.url).pathname : row.url) : "–";
    longestTask = { source, ms: row.duration };
  }
  return { lcpElement: describeLcpElement(isRecord(node) ? node.snippet : undefined), lcpPhases, mainThread, longestTask };
}

function mostFrequent(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "–";
}

function medianTimeSpent(runs: TimeSpent[]): TimeSpent {
  const medianOf = (pick: (run: TimeSpent) => Record<string, number>) => {
    const keys = new Set(runs.flatMap((run) => Object.keys(pick(run))));
    return Object.fromEntries([...keys].map((key) => [key, median(runs.map((run) => pick(run)[key] ?? 0))]));
  };
  const tasks = runs.flatMap((run) => (run.longestTask ? [run.longestTask] : []));
  return {
    lcpElement: mostFrequent(runs.map((run) => run.lcpElement)),
    lcpPhases: medianOf((run) => run.lcpPhases),
    mainThread: medianOf((run) => run.mainThread),
    longestTask: tasks.length ? { source: mostFrequent(tasks.map((task) => task.source)), ms: median(tasks.map((task) => task.ms)) } : null,
  };
}

async function runOnce(url: string, port: number, cookie: string | undefined): Promise<{ figures: LighthouseFigures; time: TimeSpent }> {
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
  const figures: LighthouseFigures = {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    fcpMs: audit("first-contentful-paint"),
    transferBytes: audit("total-byte-weight"),
  };
  return { figures, time: timeSpent(lhr.audits) };
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
      const times: TimeSpent[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await withRetries(() => runOnce(target.url, chrome.port, target.cookie));
        figures.push(result.figures);
        times.push(result.time);
      }
      const pick = (key: keyof LighthouseFigures) => median(figures.map((figure) => figure[key]));
      results.push({
        route: target.label,
        minPerformance: target.minPerformance,
        runs: figures,
        time: medianTimeSpent(times),
        median: {
          performance: pick("performance"),
          lcpMs: pick("lcpMs"),
          tbtMs: pick("tbtMs"),
          cls: pick("cls"),
          fcpMs: pick("fcpMs"),
          transferBytes: pick("transferBytes"),
        },
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

const PHASES = ["TTFB", "Load Delay", "Load Time", "Render Delay"] as const;

/**
 * Where each page's milliseconds go (medians, simulated): the LCP's phases, the main thread's script
 * and style/layout work, and its longest task. A render delay far above the bare page's means the
 * simulation counted scripts or layout before the largest paint.
 */
export function timeSpentTable(results: PageResult[], runs: number): Table {
  const ms = (value: number | undefined): Figure | null => (value === undefined ? null : { value, unit: "ms" });
  return {
    title: `Lighthouse: where the time goes (simulated, median of ${runs} runs)`,
    columns: ["Route", "LCP element", "TTFB", "Load delay", "Load time", "Render delay", "Script", "Style & layout", "Longest task"],
    rows: results.map(({ route, time }) => ({
      label: route,
      cells: [
        time.lcpElement,
        ...PHASES.map((phase) => ms(time.lcpPhases[phase])),
        ms((time.mainThread.scriptEvaluation ?? 0) + (time.mainThread.scriptParseCompile ?? 0)),
        ms(time.mainThread.styleLayout),
        time.longestTask ? `${Math.round(time.longestTask.ms)} ms (${time.longestTask.source})` : "–",
      ],
    })),
  };
}
