// Lighthouse (mobile preset: a mid-range phone on slow 4G) on Debian's Chromium, five runs per page,
// the median of each figure, measured two ways in one Chromium: simulated (Lighthouse's default: an
// unthrottled load replayed on a model of the phone) and applied (DevTools slows the real load's
// network and CPU, the CPU calibrated to one reference phone, cpu-slowdown.ts). The bare Next.js page
// first in each, and each page of ours judged against it in the applied runs (budgets.ts).
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { throttling as THROTTLING } from "lighthouse/core/config/constants.js";
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
import { cpuSlowdownFor, REFERENCE_PHONE, type CpuSlowdown } from "./cpu-slowdown";
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
  /** Main-thread script time: evaluation + parse and compile (mainthread-work-breakdown). */
  scriptMs: number;
}

/**
 * How a run throttles: "simulate" loads unthrottled and simulates the phone (Lantern); "devtools"
 * applies the mobile preset's Slow 4G and a CPU slowdown to the real load.
 */
export type ThrottlingMode = { method: "simulate" } | { method: "devtools"; cpuSlowdownMultiplier: number };

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
  /** Lighthouse's benchmarkIndex of each run (lhr.environment), measured before the run's load. */
  benchmarkIndexes: number[];
}

/** A page's HTML as the server sends it, and the React Server Components payload inlined in it. */
export interface HtmlPayload {
  route: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  /** The inline `self.__next_f.push(…)` scripts: how many, their text's bytes, and gzip of it alone. */
  rscScripts: number;
  rscBytes: number;
  rscGzipBytes: number;
}

const RSC_SCRIPT = /<script\b[^>]*>(self\.__next_f\.push\([\s\S]*?)<\/script>/g;

/** Measures the RSC payload Next inlines into `html` (gzip at zlib's default level). */
export function htmlPayload(route: string, html: string): HtmlPayload {
  const scripts = [...html.matchAll(RSC_SCRIPT)].map((match) => match[1] ?? "");
  const rsc = scripts.join("");
  return {
    route,
    htmlBytes: Buffer.byteLength(html),
    htmlGzipBytes: gzipSync(html).length,
    rscScripts: scripts.length,
    rscBytes: Buffer.byteLength(rsc),
    rscGzipBytes: scripts.length ? gzipSync(rsc).length : 0,
  };
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

interface RunResult {
  figures: LighthouseFigures;
  time: TimeSpent;
  benchmarkIndex: number;
}

async function runOnce(url: string, port: number, cookie: string | undefined, mode: ThrottlingMode): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
    throttlingMethod: mode.method,
    // The mobile preset's Slow 4G either way (its request latency and throughput are the figures
    // DevTools applies); the CPU slowdown of the applied runs is the calibrated one.
    throttling:
      mode.method === "devtools"
        ? { ...THROTTLING.mobileSlow4G, cpuSlowdownMultiplier: mode.cpuSlowdownMultiplier }
        : THROTTLING.mobileSlow4G,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // The simulated LCP's files mean nothing for a load that was throttled for real.
  const time = timeSpent(lhr.audits, mode.method === "simulate" ? await lcpGraph(result) : null);
  const figures: LighthouseFigures = {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    fcpMs: audit("first-contentful-paint"),
    transferBytes: audit("total-byte-weight"),
    scriptMs: scriptTime(time.mainThread),
  };
  return { figures, time, benchmarkIndex: lhr.environment.benchmarkIndex };
}

/** Script evaluation plus parse and compile, the main thread's work that is the page's code. */
export function scriptTime(mainThread: Record<string, number>): number {
  return (mainThread.scriptEvaluation ?? 0) + (mainThread.scriptParseCompile ?? 0);
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

async function measure(targets: Target[], runs: number, port: number, mode: ThrottlingMode): Promise<ModeResults> {
  const results: PageResult[] = [];
  for (const target of targets) {
    const found: RunResult[] = [];
    for (let run = 0; run < runs; run += 1) found.push(await withRetries(() => runOnce(target.url, port, target.cookie, mode)));
    const figures = found.map((result) => result.figures);
    const pick = (key: keyof LighthouseFigures) => median(figures.map((figure) => figure[key]));
    results.push({
      route: target.label,
      runs: figures,
      time: medianTimeSpent(found.map((result) => result.time)),
      benchmarkIndexes: found.map((result) => result.benchmarkIndex),
      median: {
        performance: pick("performance"),
        lcpMs: pick("lcpMs"),
        tbtMs: pick("tbtMs"),
        cls: pick("cls"),
        fcpMs: pick("fcpMs"),
        transferBytes: pick("transferBytes"),
        scriptMs: pick("scriptMs"),
      },
    });
    console.log(`lighthouse ${mode.method} ${target.label}: ${figures.map((figure) => figure.performance).join(", ")}`);
  }
  const [bare, ...pages] = results;
  if (!bare) throw new Error("Lighthouse measured no bare page");
  return { mode, bare, pages };
}

/** One way of throttling: the bare Next.js page, measured first, and the shop's pages. */
export interface ModeResults {
  mode: ThrottlingMode;
  /** What each page of ours is compared with. */
  bare: PageResult;
  pages: PageResult[];
}

/** The reference phone, the machine's benchmarkIndex and the slowdown the applied runs used. */
export interface Calibration extends CpuSlowdown {
  phone: string;
  /** What the index calls for: `multiplier` differs only when fixed with `--cpu-slowdown`. */
  calibratedMultiplier: number;
}

/**
 * The slowdown for the median benchmarkIndex of `runs` (every simulated run, which come first), or
 * `fixed` when given (to compare two builds measured at different times at the same slowdown).
 */
export function calibrate(indexes: number[], fixed?: number): Calibration {
  const calibrated = cpuSlowdownFor(median(indexes));
  return {
    ...calibrated,
    phone: REFERENCE_PHONE,
    calibratedMultiplier: calibrated.multiplier,
    multiplier: fixed ?? calibrated.multiplier,
  };
}

export interface LighthouseResults {
  calibration: Calibration;
  /** Applied throttling: what the budgets judge. */
  applied: ModeResults;
  /** Simulated throttling, Lighthouse's default: for comparison, not judged. */
  simulated: ModeResults;
  /** The bare page's HTML and each page's, with their RSC payload. */
  payloads: HtmlPayload[];
}

/**
 * The bare Next.js page at `bareUrl` first, then the shop's pages (the payment page only with a
 * signed-in `cookie` and its `paymentQuery`), all in one Chromium with the same settings and runs.
 */
export async function runLighthouse(
  baseUrl: string,
  bareUrl: string,
  options: { runs?: number; cookie?: string; paymentQuery?: string; routes?: string[]; cpuSlowdown?: number } = {},
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
  const runs = options.runs ?? 5;
  const payloads: HtmlPayload[] = [];
  for (const target of targets) {
    // One unmeasured load first, so no run pays for a cold server-side cache; its HTML is measured.
    const response = await fetch(target.url, { headers: target.cookie ? { cookie: target.cookie } : undefined });
    payloads.push(htmlPayload(target.label, await response.text()));
  }
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  try {
    const simulated = await measure(targets, runs, chrome.port, { method: "simulate" });
    // The machine's speed, measured once (every simulated run, before any applied one), sets one
    // slowdown for every applied run, so the bare page and ours are slowed alike.
    const indexes = [simulated.bare, ...simulated.pages].flatMap((page) => page.benchmarkIndexes);
    const calibration = calibrate(indexes, options.cpuSlowdown);
    console.log(`lighthouse: ${describeCalibration(calibration)}`);
    const applied = await measure(targets, runs, chrome.port, { method: "devtools", cpuSlowdownMultiplier: calibration.multiplier });
    return { calibration, applied, simulated, payloads };
  } finally {
    chrome.kill();
  }
}

export type LighthouseMetric = "score" | "LCP" | "TBT" | "CLS" | "script";

/** One budget of one page: its median, the bare page's, and whether it holds. */
export interface LighthouseCheck {
  metric: LighthouseMetric;
  value: number;
  bare: number;
  /** value − bare. */
  difference: number;
  /** value / bare (Infinity when the bare page ran no script at all and the page did). */
  ratio: number;
  /** What the budget limits: the difference from the bare page, the ratio to it, or (CLS) the value itself. */
  judged: "difference" | "ratio" | "value";
  budget: Budget;
  within: boolean;
}

function ratioOf(value: number, bare: number): number {
  if (bare > 0) return value / bare;
  return value > 0 ? Number.POSITIVE_INFINITY : 1;
}

/**
 * Judges a page's medians against the bare page's: score ≥ bare − scoreBelowBare, TBT ≤ bare +
 * tbtAboveBareMs, LCP ≤ bare + lcpAboveBareMs, CLS ≤ cls, script time ≤ bare × scriptTimesBare.
 * The table's marks and `--strict` both come from here (through the budgets it puts on the table's figures).
 */
export function judgeLighthouse(page: LighthouseFigures, bare: LighthouseFigures, budget: LighthouseBudget): LighthouseCheck[] {
  const check = (metric: LighthouseMetric, value: number, bareValue: number, judged: LighthouseCheck["judged"], limit: Budget) => {
    const difference = value - bareValue;
    const ratio = ratioOf(value, bareValue);
    const figure = judged === "difference" ? difference : judged === "ratio" ? ratio : value;
    const within = withinBudget({ value: figure, unit: "", budget: limit });
    return { metric, value, bare: bareValue, difference, ratio, judged, budget: limit, within };
  };
  return [
    check("score", page.performance, bare.performance, "difference", { limit: -budget.scoreBelowBare, kind: "min" }),
    check("LCP", page.lcpMs, bare.lcpMs, "difference", { limit: budget.lcpAboveBareMs, kind: "max" }),
    check("TBT", page.tbtMs, bare.tbtMs, "difference", { limit: budget.tbtAboveBareMs, kind: "max" }),
    check("CLS", page.cls, bare.cls, "value", { limit: budget.cls, kind: "max" }),
    check("script", page.scriptMs, bare.scriptMs, "ratio", { limit: budget.scriptTimesBare, kind: "max" }),
  ];
}

/** The metrics of a page that break their budget (none: the page is within all of them). */
export function lighthouseBreaches(page: LighthouseFigures, bare: LighthouseFigures, budget: LighthouseBudget): LighthouseMetric[] {
  return judgeLighthouse(page, bare, budget)
    .filter((check) => !check.within)
    .map((check) => check.metric);
}

const UNITS: Record<LighthouseMetric, Figure["unit"]> = { score: "score", LCP: "ms", TBT: "ms", CLS: "", script: "ms" };

function describeBudget(budget: Partial<LighthouseBudget>): string {
  const parts = [
    budget.scoreBelowBare === undefined ? null : `score ≥ bare − ${budget.scoreBelowBare}`,
    budget.lcpAboveBareMs === undefined ? null : `LCP ≤ bare + ${budget.lcpAboveBareMs} ms`,
    budget.tbtAboveBareMs === undefined ? null : `TBT ≤ bare + ${budget.tbtAboveBareMs} ms`,
    budget.cls === undefined ? null : `CLS ≤ ${budget.cls}`,
    budget.scriptTimesBare === undefined ? null : `script ≤ bare × ${budget.scriptTimesBare}`,
  ];
  return parts.filter((part) => part !== null).join(", ");
}

/** "applied throttling (DevTools: Slow 4G, CPU ×2.6 for a Moto G4)" or "simulated throttling (Lantern)". */
export function describeMode(mode: ThrottlingMode): string {
  return mode.method === "devtools"
    ? `applied throttling (DevTools: Slow 4G, CPU ×${mode.cpuSlowdownMultiplier} for a ${REFERENCE_PHONE})`
    : "simulated throttling (Lantern, Lighthouse's default)";
}

/**
 * Each page's medians beside the bare page's row, with the difference ("Δ") from it and, for script
 * time, the ratio to it. In applied mode each budget sits on the figure it limits (the difference for
 * score, LCP and TBT, the value for CLS, the ratio for script time) and a breach is marked; the
 * simulated table carries no budget: it is there to compare with, and `--strict` ignores it.
 */
export function lighthouseTable({ mode, bare, pages }: ModeResults, runs: number): Table {
  const judged = mode.method === "devtools";
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
      { value: bare.median.scriptMs, unit: "ms" as const },
      null,
      { value: bare.median.fcpMs / 1000, unit: "s" as const },
      { value: bare.median.transferBytes / KB, unit: "KB" as const },
    ],
  };
  const rows = pages.map(({ route, median: figures }) => {
    const cells: (Figure | null)[] = [];
    for (const check of judgeLighthouse(figures, bare.median, lighthouseBudgetFor(route))) {
      const unit = UNITS[check.metric];
      const budget = judged ? check.budget : undefined;
      if (check.judged === "value") {
        cells.push({ value: check.value, unit, budget });
      } else if (check.judged === "ratio") {
        cells.push({ value: check.value, unit }, { value: check.ratio, unit: "×", budget });
      } else {
        cells.push({ value: check.value, unit }, { value: check.difference, unit, signed: true, budget });
      }
    }
    cells.push({ value: figures.fcpMs / 1000, unit: "s" }, { value: figures.transferBytes / KB, unit: "KB" });
    return { label: route, cells };
  });
  const overrides = Object.entries(LIGHTHOUSE_OVERRIDES).map(
    ([route, budget]) => `- ${route} has a budget of its own (budgets.ts, LIGHTHOUSE_OVERRIDES): ${describeBudget(budget)}.`,
  );
  const notes = judged
    ? [
        `Every figure here is from the applied runs. Δ: the page's median minus the bare page's, × bare: its script time (evaluation + parse/compile) over the bare page's, measured in this run. Budgets: ${describeBudget(LIGHTHOUSE_BUDGET)}.`,
        ...overrides,
      ]
    : [
        "Every figure here is from the simulated runs. Not judged: Lighthouse simulates a loopback load from the files that had arrived before the unthrottled paint, which inflates the LCP of any page with a stylesheet or font (docs/decisions/0044). For comparison with the applied table above.",
      ];
  return {
    title: `Lighthouse, mobile preset, ${describeMode(mode)}, median of ${runs} runs${judged ? ", judged" : ", not judged"}`,
    columns: ["Route", "Score", "Δ score", "LCP", "Δ LCP", "TBT", "Δ TBT", "CLS", "Script", "× bare", "FCP", "Transfer"],
    rows: [bareRow, ...rows],
    notes,
  };
}

const PHASES = ["TTFB", "Load Delay", "Load Time", "Render Delay"] as const;

/**
 * Where each page's milliseconds go (medians, in the mode's own time): the LCP's phases, the main
 * thread's script and style/layout work, and its longest task; in simulated mode also the files the
 * simulated LCP waited for and the last of them to arrive. A render delay far above the bare page's
 * means scripts or layout ran before the largest paint (or, simulated, that the simulation counted
 * files before it: "Last to arrive" names the one it ended on).
 */
export function timeSpentTable({ mode, bare, pages }: ModeResults, runs: number): Table {
  const simulated = mode.method === "simulate";
  const ms = (value: number | undefined): Figure | null => (value === undefined ? null : { value, unit: "ms" });
  return {
    title: `Lighthouse: where the time goes, ${describeMode(mode)}, median of ${runs} runs`,
    columns: [
      "Route",
      "LCP element",
      "TTFB",
      "Load delay",
      "Load time",
      "Render delay",
      ...(simulated ? ["LCP waited for", "Last to arrive"] : []),
      "Script",
      "Style & layout",
      "Longest task",
    ],
    notes: simulated
      ? undefined
      : [
          "TTFB here is the server's answer alone: DevTools adds the emulated request latency (562.5 ms, Slow 4G) after it, so it shows in the load delay of a picture and the render delay of text.",
        ],
    rows: [bare, ...pages].map(({ route, time }) => ({
      label: route,
      cells: [
        time.lcpElement,
        ...PHASES.map((phase) => ms(time.lcpPhases[phase])),
        ...(simulated
          ? [
              time.lcpGraph
                ? `${time.lcpGraph.files} ${time.lcpGraph.files === 1 ? "file" : "files"}, ${(time.lcpGraph.transferBytes / KB).toFixed(1)} KB`
                : "–",
              time.lcpGraph?.last ? `${time.lcpGraph.last.label} at ${Math.round(time.lcpGraph.last.endMs)} ms` : "–",
            ]
          : []),
        ms(scriptTime(time.mainThread)),
        ms(time.mainThread.styleLayout),
        time.longestTask ? `${Math.round(time.longestTask.ms)} ms (${time.longestTask.source})` : "–",
      ],
    })),
  };
}

/**
 * Each page's HTML and the RSC payload inlined in it (the `self.__next_f.push` scripts): raw and
 * gzip bytes, and the payload's share of the raw HTML. The same for every throttling: not judged.
 */
export function payloadTable(payloads: HtmlPayload[]): Table {
  return {
    title: "HTML and its React Server Components payload",
    columns: ["Route", "HTML", "HTML gzip", "RSC scripts", "RSC payload", "RSC gzip", "RSC share of HTML"],
    rows: payloads.map((payload) => ({
      label: payload.route,
      cells: [
        { value: payload.htmlBytes / KB, unit: "KB" },
        { value: payload.htmlGzipBytes / KB, unit: "KB" },
        { value: payload.rscScripts, unit: "count" },
        { value: payload.rscBytes / KB, unit: "KB" },
        { value: payload.rscGzipBytes / KB, unit: "KB" },
        { value: payload.htmlBytes ? (100 * payload.rscBytes) / payload.htmlBytes : 0, unit: "%" },
      ],
    })),
    notes: [
      "Raw: the bytes of the HTML as the server sends it (the payment page signed in) and of the inline `self.__next_f.push(…)` scripts' text; gzip at zlib's default level, the payload compressed on its own.",
    ],
  };
}

/** "benchmarkIndex 2569 → CPU slowdown ×8.44 to emulate a Moto G4", and what changed it. */
export function describeCalibration(calibration: Calibration): string {
  const fixed = calibration.multiplier !== calibration.calibratedMultiplier;
  return (
    `benchmarkIndex ${Math.round(calibration.benchmarkIndex)} (median of the simulated runs) → CPU slowdown ` +
    (fixed
      ? `×${calibration.multiplier}, fixed with --cpu-slowdown (×${calibration.calibratedMultiplier} would emulate a ${calibration.phone})`
      : `×${calibration.multiplier} to emulate a ${calibration.phone}`) +
    (calibration.slowerThanPhone
      ? "; this machine is no faster than the phone, so nothing was slowed and the figures flatter the pages"
      : "")
  );
}

/** What the applied runs were calibrated to, for the report. */
export function calibrationNote({ calibration, applied }: LighthouseResults): string {
  const during = [applied.bare, ...applied.pages].flatMap((page) => page.benchmarkIndexes);
  const range = during.length ? `${Math.round(Math.min(...during))} to ${Math.round(Math.max(...during))}` : "–";
  return (
    `CPU: ${describeCalibration(calibration)} (scripts/bench/cpu-slowdown.ts), the same for every applied run. ` +
    `benchmarkIndex of the applied runs (measured unthrottled before each): ${range}.`
  );
}

/** The report's Lighthouse tables: the judged applied runs first, the payloads, then the simulated runs. */
export function lighthouseTables(results: LighthouseResults, runs: number): Table[] {
  const applied = lighthouseTable(results.applied, runs);
  applied.notes = [calibrationNote(results), ...(applied.notes ?? [])];
  return [
    applied,
    timeSpentTable(results.applied, runs),
    payloadTable(results.payloads),
    lighthouseTable(results.simulated, runs),
    timeSpentTable(results.simulated, runs),
  ];
}
