import { describe, expect, it } from "vitest";
import { BENCH_PAGES, LIGHTHOUSE_BUDGET, LIGHTHOUSE_OVERRIDES, lighthouseBudgetFor, PAYMENT_ROUTE, type LighthouseBudget } from "./budgets";
import { cpuSlowdownFor, REFERENCE_PHONE } from "./cpu-slowdown";
import {
  BARE_LABEL,
  calibrate,
  describeCalibration,
  htmlPayload,
  judgeLighthouse,
  lighthouseBreaches,
  lighthouseTable,
  lighthouseTables,
  scriptTime,
  summariseLcpGraph,
  timeSpent,
  timeSpentTable,
  type LighthouseFigures,
  type ModeResults,
  type PageResult,
  type ThrottlingMode,
} from "./lighthouse";
import { failuresOf, markdownTable } from "./report";

// The shapes of Lighthouse 12's audits, trimmed to what timeSpent reads.
const audits = {
  "largest-contentful-paint-element": {
    details: {
      type: "list",
      items: [
        { type: "table", items: [{ node: { snippet: '<img alt="" fetchpriority="high" src="/images/hero-purifier.svg" width="960">' } }] },
        {
          type: "table",
          items: [
            { phase: "TTFB", timing: 460, percent: "21%" },
            { phase: "Load Delay", timing: 80, percent: "4%" },
            { phase: "Load Time", timing: 420, percent: "19%" },
            { phase: "Render Delay", timing: 1240, percent: "56%" },
          ],
        },
      ],
    },
  },
  "mainthread-work-breakdown": {
    details: {
      items: [
        { group: "scriptEvaluation", duration: 523 },
        { group: "styleLayout", duration: 132 },
      ],
    },
  },
  "long-tasks": {
    details: {
      items: [
        { url: "Unattributable", duration: 53, startTime: 790 },
        { url: "http://127.0.0.1:3200/_next/static/chunks/react.js", duration: 195, startTime: 2874 },
        { url: "http://127.0.0.1:3200/", duration: 124, startTime: 928 },
      ],
    },
  },
};

describe("timeSpent", () => {
  it("reads the LCP element, its phases, the main thread's work and the longest task", () => {
    expect(timeSpent(audits)).toEqual({
      lcpElement: "img /images/hero-purifier.svg",
      lcpPhases: { TTFB: 460, "Load Delay": 80, "Load Time": 420, "Render Delay": 1240 },
      mainThread: { scriptEvaluation: 523, styleLayout: 132 },
      longestTask: { source: "/_next/static/chunks/react.js", ms: 195 },
      lcpGraph: null,
    });
  });

  it("counts as script time the evaluation and the parse and compile, not style or layout", () => {
    expect(scriptTime({ scriptEvaluation: 523, scriptParseCompile: 41, styleLayout: 132, other: 90 })).toBe(564);
    expect(scriptTime({ styleLayout: 132 })).toBe(0);
  });

  it("names a text LCP by its tag and copes with audits Lighthouse left out", () => {
    const textOnly = {
      "largest-contentful-paint-element": { details: { items: [{ items: [{ node: { snippet: '<p class="mt-1">' } }] }] } },
    };
    expect(timeSpent(textOnly)).toEqual({ lcpElement: "p", lcpPhases: {}, mainThread: {}, longestTask: null, lcpGraph: null });
    expect(timeSpent({})).toEqual({ lcpElement: "–", lcpPhases: {}, mainThread: {}, longestTask: null, lcpGraph: null });
  });
});

const bare: LighthouseFigures = { performance: 100, lcpMs: 1500, tbtMs: 20, cls: 0, fcpMs: 1200, transferBytes: 150_000, scriptMs: 400 };
const budget: LighthouseBudget = { scoreBelowBare: 2, tbtAboveBareMs: 40, lcpAboveBareMs: 300, cls: 0.01, scriptTimesBare: 1.3 };
const page = (figures: Partial<LighthouseFigures>): LighthouseFigures => ({ ...bare, ...figures });

describe("summariseLcpGraph", () => {
  it("counts the simulated LCP's files and names the last to arrive", () => {
    const graph = summariseLcpGraph([
      { url: "http://127.0.0.1:3200/waterpurifier", resourceType: "Document", transferBytes: 17_600, endMs: 769 },
      { url: "http://127.0.0.1:3200/_next/static/media/inter.woff2", resourceType: "Font", transferBytes: 32_900, endMs: 1838 },
      { url: "http://127.0.0.1:3200/_next/static/chunks/1smo80o1b6zah.js", resourceType: "Script", transferBytes: 10_100, endMs: 1558 },
    ]);
    expect(graph).toEqual({ files: 3, transferBytes: 60_600, last: { label: "font 32.9 KB", endMs: 1838 } });
    expect(
      summariseLcpGraph([{ url: "http://x/_next/static/chunks/a.js", resourceType: "Script", transferBytes: 2_000, endMs: 9 }]).last,
    ).toEqual({
      label: "script a.js 2.0 KB",
      endMs: 9,
    });
    expect(summariseLcpGraph([])).toEqual({ files: 0, transferBytes: 0, last: null });
  });
});

describe("lighthouseBreaches", () => {
  it("passes a page at exactly each limit", () => {
    expect(lighthouseBreaches(page({ performance: 98, tbtMs: 60, lcpMs: 1800, cls: 0.01, scriptMs: 520 }), bare, budget)).toEqual([]);
  });

  it("fails each budget just past its limit, and only that one", () => {
    expect(lighthouseBreaches(page({ performance: 97 }), bare, budget)).toEqual(["score"]);
    expect(lighthouseBreaches(page({ lcpMs: 1800.5 }), bare, budget)).toEqual(["LCP"]);
    expect(lighthouseBreaches(page({ tbtMs: 60.5 }), bare, budget)).toEqual(["TBT"]);
    expect(lighthouseBreaches(page({ cls: 0.011 }), bare, budget)).toEqual(["CLS"]);
    expect(lighthouseBreaches(page({ scriptMs: 521 }), bare, budget)).toEqual(["script"]);
    expect(lighthouseBreaches(page({ performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.2, scriptMs: 900 }), bare, budget)).toEqual([
      "score",
      "LCP",
      "TBT",
      "CLS",
      "script",
    ]);
  });

  it("moves the limits with the bare page: the same page passes beside a slower bare page", () => {
    const ours = page({ performance: 95, lcpMs: 2000, tbtMs: 90 });
    expect(lighthouseBreaches(ours, bare, budget)).toEqual(["score", "LCP", "TBT"]);
    const slowerBare = page({ performance: 96, lcpMs: 1750, tbtMs: 55 });
    expect(lighthouseBreaches(ours, slowerBare, budget)).toEqual([]);
  });

  it("holds script time to a multiple of the bare page's, so it scales with the machine", () => {
    // 1,000 ms is 2.5 times the bare page's 400 ms, but within 1.3 times a slower bare page's 800 ms.
    expect(lighthouseBreaches(page({ scriptMs: 1000 }), bare, budget)).toEqual(["script"]);
    expect(lighthouseBreaches(page({ scriptMs: 1000 }), page({ scriptMs: 800 }), budget)).toEqual([]);
    // A bare page that ran no script: any script time of ours is past every multiple of it.
    expect(lighthouseBreaches(page({ scriptMs: 1 }), page({ scriptMs: 0 }), budget)).toEqual(["script"]);
    expect(lighthouseBreaches(page({ scriptMs: 0 }), page({ scriptMs: 0 }), budget)).toEqual([]);
  });

  it("holds CLS absolute, whatever the bare page shifts", () => {
    expect(lighthouseBreaches(page({ cls: 0.02 }), page({ cls: 0.015 }), budget)).toEqual(["CLS"]);
  });

  it("applies a page's own budget where it has one", () => {
    const slowPaint = page({ lcpMs: 2000 });
    expect(lighthouseBreaches(slowPaint, bare, budget)).toEqual(["LCP"]);
    expect(lighthouseBreaches(slowPaint, bare, { ...budget, lcpAboveBareMs: 500 })).toEqual([]);
  });
});

describe("judgeLighthouse", () => {
  it("reports the page's figure, the bare page's and the difference", () => {
    const [score, lcp] = judgeLighthouse(page({ performance: 97, lcpMs: 1740 }), bare, budget);
    expect(score).toMatchObject({
      metric: "score",
      value: 97,
      bare: 100,
      difference: -3,
      budget: { limit: -2, kind: "min" },
      within: false,
    });
    expect(lcp).toMatchObject({
      metric: "LCP",
      value: 1740,
      bare: 1500,
      difference: 240,
      budget: { limit: 300, kind: "max" },
      within: true,
    });
    const script = judgeLighthouse(page({ scriptMs: 500 }), bare, budget).find((check) => check.metric === "script");
    expect(script).toMatchObject({
      value: 500,
      bare: 400,
      ratio: 1.25,
      judged: "ratio",
      budget: { limit: 1.3, kind: "max" },
      within: true,
    });
  });
});

describe("lighthouseBudgetFor", () => {
  it("gives a page without an override the common budget", () => {
    expect(lighthouseBudgetFor("/no-such-page")).toEqual(LIGHTHOUSE_BUDGET);
  });

  it("gives every measured page the issue's LCP budget and the payment page its 60 ms of TBT", () => {
    for (const { route } of BENCH_PAGES) {
      expect(lighthouseBudgetFor(route).lcpAboveBareMs, route).toBe(300);
      expect(lighthouseBudgetFor(route).scriptTimesBare, route).toBe(1.3);
    }
    expect(lighthouseBudgetFor(PAYMENT_ROUTE).tbtAboveBareMs).toBe(60);
    expect(lighthouseBudgetFor("/").tbtAboveBareMs).toBe(40);
  });

  it("loosens only what an override names", () => {
    const budget = lighthouseBudgetFor(PAYMENT_ROUTE);
    expect(budget.scoreBelowBare).toBe(LIGHTHOUSE_BUDGET.scoreBelowBare);
    expect(budget.cls).toBe(LIGHTHOUSE_BUDGET.cls);
    for (const [route, override] of Object.entries(LIGHTHOUSE_OVERRIDES)) {
      for (const [key, value] of Object.entries(override)) {
        // An override is for a budget that proved out of reach: never tighter than the common one.
        expect(value, `${route} ${key}`).toBeGreaterThanOrEqual(LIGHTHOUSE_BUDGET[key as keyof LighthouseBudget]);
      }
    }
  });
});

const result = (route: string, median: LighthouseFigures): PageResult => ({
  route,
  median,
  runs: [median],
  time: { lcpElement: "p", lcpPhases: {}, mainThread: {}, longestTask: null, lcpGraph: null },
  benchmarkIndexes: [1200],
});
const APPLIED: ThrottlingMode = { method: "devtools", cpuSlowdownMultiplier: 2.8 };
const SIMULATED: ThrottlingMode = { method: "simulate" };
const slowPage = page({ lcpMs: 1900, tbtMs: 30, scriptMs: 600 });
const modeResults = (mode: ThrottlingMode): ModeResults => ({
  mode,
  bare: result(BARE_LABEL, bare),
  pages: [result("/no-such-page", slowPage)],
});

describe("lighthouseTable", () => {
  it("shows the bare page first and marks, for --strict, exactly the applied figures outside their budget", () => {
    const table = lighthouseTable(modeResults(APPLIED), 5);
    expect(table.rows.map((row) => row.label)).toEqual([BARE_LABEL, "/no-such-page"]);
    expect(failuresOf([table])).toEqual([
      `${table.title}: /no-such-page, Δ LCP +400 ms ✗ (≤ +300 ms)`,
      `${table.title}: /no-such-page, × bare 1.50× ✗ (≤ 1.30×)`,
    ]);
  });

  it("names the mode in each title, and judges only the applied one", () => {
    const applied = lighthouseTable(modeResults(APPLIED), 5);
    const simulated = lighthouseTable(modeResults(SIMULATED), 5);
    expect(applied.title).toContain(`applied throttling (DevTools: Slow 4G, CPU ×2.8 for a ${REFERENCE_PHONE})`);
    expect(applied.title).toContain("judged");
    expect(simulated.title).toContain("simulated throttling");
    expect(simulated.title).toContain("not judged");
    // The same figures: marked in the applied table, printed bare in the simulated one.
    expect(failuresOf([simulated])).toEqual([]);
    expect(markdownTable(simulated)).toContain("| /no-such-page | 100 | 0 | 1900 ms | +400 ms |");
    expect(markdownTable(simulated)).not.toContain("✗");
  });
});

describe("lighthouseTables", () => {
  it("puts the judged applied runs first, with the machine's benchmarkIndex and the slowdown used", () => {
    const tables = lighthouseTables(
      {
        calibration: calibrate([1100, 1150, 1400]),
        applied: modeResults({ method: "devtools", cpuSlowdownMultiplier: 2.7 }),
        simulated: modeResults(SIMULATED),
        payloads: [],
      },
      3,
    );
    const titles = tables.map((table) => table.title);
    expect(titles[0]).toMatch(/^Lighthouse, mobile preset, applied throttling .*, judged$/);
    expect(titles[1]).toMatch(/^Lighthouse: where the time goes, applied throttling/);
    expect(titles[2]).toBe("HTML and its React Server Components payload");
    expect(titles[3]).toMatch(/^Lighthouse, mobile preset, simulated throttling .*, not judged$/);
    expect(titles[4]).toMatch(/^Lighthouse: where the time goes, simulated throttling/);
    expect(tables[0]?.notes?.[0]).toContain(
      `benchmarkIndex 1150 (median of the simulated runs) → CPU slowdown ×2.7 to emulate a ${REFERENCE_PHONE}`,
    );
    // Only the applied table's figures count for --strict.
    expect(failuresOf(tables)).toHaveLength(2);
  });
});

describe("timeSpentTable", () => {
  it("lists the simulated LCP's files only for the simulated runs", () => {
    expect(timeSpentTable(modeResults(SIMULATED), 5).columns).toContain("LCP waited for");
    expect(timeSpentTable(modeResults(APPLIED), 5).columns).not.toContain("LCP waited for");
    expect(timeSpentTable(modeResults(APPLIED), 5).title).toContain("applied throttling");
  });
});

describe("calibrate", () => {
  it("takes the median index of the runs, so one run on a busy moment does not set the slowdown", () => {
    expect(calibrate([1300, 2600, 800, 1300, 1290])).toMatchObject({ benchmarkIndex: 1300, multiplier: 3, phone: REFERENCE_PHONE });
  });

  it("uses a slowdown given with --cpu-slowdown, and still says what the index called for", () => {
    const fixed = calibrate([1300], 4);
    expect(fixed).toMatchObject({ multiplier: 4, calibratedMultiplier: 3 });
    expect(describeCalibration(fixed)).toBe(
      `benchmarkIndex 1300 (median of the simulated runs) → CPU slowdown ×4, fixed with --cpu-slowdown (×3 would emulate a ${REFERENCE_PHONE})`,
    );
  });
});

describe("cpuSlowdownFor", () => {
  it("follows Lighthouse's calculator: 4x for a desktop of index ~1,533, 2x at 800, none at the phone's 150", () => {
    expect(cpuSlowdownFor(1533).multiplier).toBe(4);
    expect(cpuSlowdownFor(1300).multiplier).toBe(3);
    expect(cpuSlowdownFor(800).multiplier).toBe(2);
    expect(cpuSlowdownFor(1050).multiplier).toBe(2.5);
    expect(cpuSlowdownFor(475).multiplier).toBe(1.5);
  });

  it("keeps the top segment's slope above its last point", () => {
    expect(cpuSlowdownFor(2000).multiplier).toBe(6);
    expect(cpuSlowdownFor(2700).multiplier).toBe(9);
  });

  it("does not speed up a machine no faster than the phone, and says so", () => {
    expect(cpuSlowdownFor(150)).toEqual({ benchmarkIndex: 150, multiplier: 1, slowerThanPhone: true });
    expect(cpuSlowdownFor(90)).toEqual({ benchmarkIndex: 90, multiplier: 1, slowerThanPhone: true });
    expect(cpuSlowdownFor(151).slowerThanPhone).toBe(false);
  });

  it("refuses an index Lighthouse did not measure", () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/benchmarkIndex/);
    expect(() => cpuSlowdownFor(0)).toThrow(/benchmarkIndex/);
  });
});

describe("htmlPayload", () => {
  it("counts the inline RSC scripts, with or without a nonce, and nothing else", () => {
    const pushes = ['self.__next_f.push([1,"0:{\\"P\\":null}"])', 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\""])'];
    const html =
      '<!DOCTYPE html><html><head><script src="/_next/static/chunks/main.js" async=""></script></head><body><p>Hi</p>' +
      `<script>${pushes[0]}</script><script nonce="abc">${pushes[1]}</script><script>self.__next_r="x"</script></body></html>`;
    const payload = htmlPayload("/", html);
    expect(payload).toMatchObject({
      route: "/",
      htmlBytes: html.length,
      rscScripts: 2,
      rscBytes: (pushes[0] ?? "").length + (pushes[1] ?? "").length,
    });
    expect(payload.rscGzipBytes).toBeGreaterThan(0);
    expect(payload.htmlGzipBytes).toBeGreaterThan(0);
    expect(htmlPayload("/bare", "<html><body><p>x</p></body></html>")).toMatchObject({ rscScripts: 0, rscBytes: 0, rscGzipBytes: 0 });
  });

  it("counts bytes, not characters", () => {
    expect(htmlPayload("/", "<p>é</p>").htmlBytes).toBe(9);
  });
});
