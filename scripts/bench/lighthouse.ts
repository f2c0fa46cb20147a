// Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on Debian's Chromium, five
// runs per page, the median of each figure; the bare Next.js page first, in the same Chromium with the
// same settings and runs, and each page of ours judged against it (budgets.ts, LighthouseBudget).
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
// Lighthouse's own LCP simulation, to list what it waited for (see lcpGraph): not a public entry
// point, so it is read defensively and the table says "–" should it move (lighthouse is pinned).
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import {
  BENCH_PAGES,
  KB,
  LIGHTHOUSE_BUDGET,
  LIGHTHOUSE_OVERRIDES,
  lighthouseBudgetFor,
  PAYMENT_ROUTE,
  type LighthouseBudget,
} from "./budgets";
import { withinBudget, type Budget, type Figure, type Table } from "./report";

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
  /** What the simulated LCP waited for (see summariseLcpGraph); null when Lighthouse did not say. */
  lcpGraph: LcpGraph | null;
}

/** One file in Lighthouse's simulation of the LCP: its kind, size and simulated end. */
export interface SimulatedLoad {
  url: string;
  resourceType: string;
  transferBytes: number;
  endMs: number;
}

/**
 * What the simulated LCP had to load. Lighthouse's simulation (Lantern) puts into a page's LCP
 * every file that finished loading before the paint in the real, unthrottled load, whatever the
 * paint needed it for (scripts only if they also began to run before it), then replays them on the
 * throttled network: the LCP is the end of the last of them. `last` names it.
 */
export interface LcpGraph {
  files: number;
  transferBytes: number;
  last: { label: string; endMs: number } | null;
}

export interface PageResult {
  route: string;
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

/** "font 32.9 KB", "script 1smo80o1b6zah.js 10.1 KB": a file of the LCP graph, short enough for a table cell. */
function describeLoad(load: SimulatedLoad): string {
  const kilobytes = `${(load.transferBytes / KB).toFixed(1)} KB`;
  const kind = load.resourceType.toLowerCase();
  if (kind === "document" || kind === "font") return `${kind} ${kilobytes}`;
  const name = load.url.startsWith("http") ? new URL(load.url).pathname.split("/").pop() : load.url;
  return `${kind} ${name} ${kilobytes}`;
}

/** Summarises the files of a simulated LCP (the pessimistic graph's network requests). */
export function summariseLcpGraph(loads: SimulatedLoad[]): LcpGraph {
  let last: SimulatedLoad | null = null;
  for (const load of loads) if (!last || load.endMs > last.endMs) last = load;
  return {
    files: loads.length,
    transferBytes: loads.reduce((total, load) => total + load.transferBytes, 0),
    last: last ? { label: describeLoad(last), endMs: last.endMs } : null,
  };
}

/**
 * Re-runs Lighthouse's LCP simulation on the run's own trace and network log (the same computation
 * its LCP figure comes from, in the pessimistic of its two estimates, which holds every file the
 * other one does) and lists the files it loaded.
 */
async function lcpGraph(result: RunnerResult): Promise<LcpGraph | null> {
  try {
    const { artifacts, lhr } = result;
    const metric = await LanternLargestContentfulPaint.request(
      {
        trace: artifacts.Trace,
        devtoolsLog: artifacts.DevtoolsLog,
        gatherContext: artifacts.GatherContext,
        settings: lhr.configSettings,
        simulator: null,
        URL: artifacts.URL,
        SourceMaps: artifacts.SourceMaps,
      },
      { computedCache: new Map() },
    );
    const loads: SimulatedLoad[] = [];
    for (const [node, timing] of metric.pessimisticEstimate.nodeTimings) {
      if (node.type !== "network") continue;
      const { url, resourceType, transferSize } = node.request;
      loads.push({ url, resourceType: resourceType ?? "Other", transferBytes: transferSize, endMs: timing.endTime });
    }
    return summariseLcpGraph(loads);
  } catch (error) {
    console.warn(`Could not list the LCP's files: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Where the run's time went (see TimeSpent). Lighthouse names a long task after its script's URL. */
export function timeSpent(audits: Record<string, { details?: unknown } | undefined>, graph: LcpGraph | null = null): TimeSpent {
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
  return { lcpElement: describeLcpElement(isRecord(node) ? node.snippet : undefined), lcpPhases, mainThread, longestTask, lcpGraph: graph };
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
  const graphs = runs.flatMap((run) => (run.lcpGraph ? [run.lcpGraph] : []));
  const lasts = graphs.flatMap((graph) => (graph.last ? [graph.last] : []));
  return {
    lcpElement: mostFrequent(runs.map((run) => run.lcpElement)),
    lcpPhases: medianOf((run) => run.lcpPhases),
    mainThread: medianOf((run) => run.mainThread),
    longestTask: tasks.length ? { source: mostFrequent(tasks.map((task) => task.source)), ms: median(tasks.map((task) => task.ms)) } : null,
    lcpGraph: graphs.length
      ? {
          files: median(graphs.map((graph) => graph.files)),
          transferBytes: median(graphs.map((graph) => graph.transferBytes)),
          last: lasts.length
            ? { label: mostFrequent(lasts.map((last) => last.label)), endMs: median(lasts.map((last) => last.endMs)) }
            : null,
        }
      : null,
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
  return { figures, time: timeSpent(lhr.audits, await lcpGraph(result)) };
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

export interface LighthouseResults {
  /** The bare Next.js page, measured first: what each page of ours is judged against. */
  bare: PageResult;
  pages: PageResult[];
}

/**
 * The bare Next.js page at `bareUrl` first, then the shop's pages (the payment page only with a
 * signed-in `cookie` and its `paymentQuery`), all in one Chromium with the same settings and runs.
 */
export async function runLighthouse(
  baseUrl: string,
  bareUrl: string,
  options: { runs?: number; cookie?: string; paymentQuery?: string; routes?: string[] } = {},
): Promise<LighthouseResults> {
  const targets: Target[] = [{ label: BARE_LABEL, url: bareUrl }];
  for (const page of BENCH_PAGES) {
    if (!page.lighthouse || (options.routes && !options.routes.includes(page.route))) continue;
    const payment = page.route === PAYMENT_ROUTE;
    if (payment && !(options.cookie && options.paymentQuery)) continue;
    targets.push({
      label: page.route,
      url: new URL(payment ? `${page.route}${options.paymentQuery}` : page.route, baseUrl).href,
      cookie: payment ? options.cookie : undefined,
    });
  }
  const [bare, ...pages] = await measure(targets, options.runs ?? 5);
  if (!bare) throw new Error("Lighthouse measured no bare page");
  return { bare, pages };
}

export type LighthouseMetric = "score" | "LCP" | "TBT" | "CLS";

/** One budget of one page: its median, the bare page's, and whether it holds. */
export interface LighthouseCheck {
  metric: LighthouseMetric;
  value: number;
  bare: number;
  /** value − bare. */
  difference: number;
  /** What the budget limits: the difference from the bare page, or (CLS) the value itself. */
  judged: "difference" | "value";
  budget: Budget;
  within: boolean;
}

/**
 * Judges a page's medians against the bare page's: score ≥ bare − scoreBelowBare, TBT ≤ bare +
 * tbtAboveBareMs, LCP ≤ bare + lcpAboveBareMs, CLS ≤ cls. The table's marks and `--strict` both
 * come from here (through the budgets it puts on the table's figures).
 */
export function judgeLighthouse(page: LighthouseFigures, bare: LighthouseFigures, budget: LighthouseBudget): LighthouseCheck[] {
  const check = (metric: LighthouseMetric, value: number, bareValue: number, judged: LighthouseCheck["judged"], limit: Budget) => {
    const difference = value - bareValue;
    const within = withinBudget({ value: judged === "difference" ? difference : value, unit: "", budget: limit });
    return { metric, value, bare: bareValue, difference, judged, budget: limit, within };
  };
  return [
    check("score", page.performance, bare.performance, "difference", { limit: -budget.scoreBelowBare, kind: "min" }),
    check("LCP", page.lcpMs, bare.lcpMs, "difference", { limit: budget.lcpAboveBareMs, kind: "max" }),
    check("TBT", page.tbtMs, bare.tbtMs, "difference", { limit: budget.tbtAboveBareMs, kind: "max" }),
    check("CLS", page.cls, bare.cls, "value", { limit: budget.cls, kind: "max" }),
  ];
}

/** The metrics of a page that break their budget (none: the page is within all of them). */
export function lighthouseBreaches(page: LighthouseFigures, bare: LighthouseFigures, budget: LighthouseBudget): LighthouseMetric[] {
  return judgeLighthouse(page, bare, budget)
    .filter((check) => !check.within)
    .map((check) => check.metric);
}

const UNITS: Record<LighthouseMetric, Figure["unit"]> = { score: "score", LCP: "ms", TBT: "ms", CLS: "" };

function describeBudget(budget: Partial<LighthouseBudget>): string {
  const parts = [
    budget.scoreBelowBare === undefined ? null : `score ≥ bare − ${budget.scoreBelowBare}`,
    budget.lcpAboveBareMs === undefined ? null : `LCP ≤ bare + ${budget.lcpAboveBareMs} ms`,
    budget.tbtAboveBareMs === undefined ? null : `TBT ≤ bare + ${budget.tbtAboveBareMs} ms`,
    budget.cls === undefined ? null : `CLS ≤ ${budget.cls}`,
  ];
  return parts.filter((part) => part !== null).join(", ");
}

/**
 * Each page's medians beside the bare page's row, with the difference ("Δ") and the budget on the
 * figure it limits: the difference for score, LCP and TBT, the value for CLS.
 */
export function lighthouseTable({ bare, pages }: LighthouseResults, runs: number): Table {
  const bareRow = {
    label: bare.route,
    cells: [
      { value: bare.median.performance, unit: "score" as const },
      null,
      { value: bare.median.lcpMs, unit: "ms" as const },
      null,
      { value: bare.median.tbtMs, unit: "ms" as const },
      null,
      { value: bare.median.cls, unit: "" as const },
      { value: bare.median.fcpMs / 1000, unit: "s" as const },
      { value: bare.median.transferBytes / KB, unit: "KB" as const },
    ],
  };
  const rows = pages.map(({ route, median: figures }) => {
    const cells: (Figure | null)[] = [];
    for (const check of judgeLighthouse(figures, bare.median, lighthouseBudgetFor(route))) {
      const unit = UNITS[check.metric];
      if (check.judged === "value") {
        cells.push({ value: check.value, unit, budget: check.budget });
      } else {
        cells.push({ value: check.value, unit }, { value: check.difference, unit, signed: true, budget: check.budget });
      }
    }
    cells.push({ value: figures.fcpMs / 1000, unit: "s" }, { value: figures.transferBytes / KB, unit: "KB" });
    return { label: route, cells };
  });
  const overrides = Object.entries(LIGHTHOUSE_OVERRIDES).map(
    ([route, budget]) => `- ${route} has a budget of its own (budgets.ts, LIGHTHOUSE_OVERRIDES): ${describeBudget(budget)}.`,
  );
  return {
    title: `Lighthouse, mobile preset, median of ${runs} runs`,
    columns: ["Route", "Score", "Δ score", "LCP", "Δ LCP", "TBT", "Δ TBT", "CLS", "FCP", "Transfer"],
    rows: [bareRow, ...rows],
    notes: [
      `Δ: the page's median minus the bare page's, measured in this run. Budgets: ${describeBudget(LIGHTHOUSE_BUDGET)}.`,
      ...overrides,
    ],
  };
}

const PHASES = ["TTFB", "Load Delay", "Load Time", "Render Delay"] as const;

/**
 * Where each page's milliseconds go (medians, simulated): the LCP's phases, the files the simulated
 * LCP waited for and the last of them to arrive, the main thread's script and style/layout work,
 * and its longest task. A render delay far above the bare page's means the simulation counted
 * files, scripts or layout before the largest paint; "Last to arrive" names the one it ended on.
 */
export function timeSpentTable(results: PageResult[], runs: number): Table {
  const ms = (value: number | undefined): Figure | null => (value === undefined ? null : { value, unit: "ms" });
  return {
    title: `Lighthouse: where the time goes (simulated, median of ${runs} runs)`,
    columns: [
      "Route",
      "LCP element",
      "TTFB",
      "Load delay",
      "Load time",
      "Render delay",
      "LCP waited for",
      "Last to arrive",
      "Script",
      "Style & layout",
      "Longest task",
    ],
    rows: results.map(({ route, time }) => ({
      label: route,
      cells: [
        time.lcpElement,
        ...PHASES.map((phase) => ms(time.lcpPhases[phase])),
        time.lcpGraph
          ? `${time.lcpGraph.files} ${time.lcpGraph.files === 1 ? "file" : "files"}, ${(time.lcpGraph.transferBytes / KB).toFixed(1)} KB`
          : "–",
        time.lcpGraph?.last ? `${time.lcpGraph.last.label} at ${Math.round(time.lcpGraph.last.endMs)} ms` : "–",
        ms((time.mainThread.scriptEvaluation ?? 0) + (time.mainThread.scriptParseCompile ?? 0)),
        ms(time.mainThread.styleLayout),
        time.longestTask ? `${Math.round(time.longestTask.ms)} ms (${time.longestTask.source})` : "–",
      ],
    })),
  };
}
