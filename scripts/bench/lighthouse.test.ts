import { describe, expect, it } from "vitest";
import { LIGHTHOUSE_BUDGET, LIGHTHOUSE_OVERRIDES, lighthouseBudgetFor, PAYMENT_ROUTE, type LighthouseBudget } from "./budgets";
import { failuresOf } from "./report";
import {
  BARE_LABEL,
  judgeLighthouse,
  lighthouseBreaches,
  lighthouseTable,
  summariseLcpGraph,
  timeSpent,
  type LighthouseFigures,
  type PageResult,
} from "./lighthouse";

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

  it("names a text LCP by its tag and copes with audits Lighthouse left out", () => {
    const textOnly = {
      "largest-contentful-paint-element": { details: { items: [{ items: [{ node: { snippet: '<p class="mt-1">' } }] }] } },
    };
    expect(timeSpent(textOnly)).toEqual({ lcpElement: "p", lcpPhases: {}, mainThread: {}, longestTask: null, lcpGraph: null });
    expect(timeSpent({})).toEqual({ lcpElement: "–", lcpPhases: {}, mainThread: {}, longestTask: null, lcpGraph: null });
  });
});

const bare: LighthouseFigures = { performance: 100, lcpMs: 1500, tbtMs: 20, cls: 0, fcpMs: 1200, transferBytes: 150_000 };
const budget: LighthouseBudget = { scoreBelowBare: 2, tbtAboveBareMs: 40, lcpAboveBareMs: 300, cls: 0.01 };
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
    expect(lighthouseBreaches(page({ performance: 98, tbtMs: 60, lcpMs: 1800, cls: 0.01 }), bare, budget)).toEqual([]);
  });

  it("fails each budget just past its limit, and only that one", () => {
    expect(lighthouseBreaches(page({ performance: 97 }), bare, budget)).toEqual(["score"]);
    expect(lighthouseBreaches(page({ lcpMs: 1800.5 }), bare, budget)).toEqual(["LCP"]);
    expect(lighthouseBreaches(page({ tbtMs: 60.5 }), bare, budget)).toEqual(["TBT"]);
    expect(lighthouseBreaches(page({ cls: 0.011 }), bare, budget)).toEqual(["CLS"]);
    expect(lighthouseBreaches(page({ performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.2 }), bare, budget)).toEqual([
      "score",
      "LCP",
      "TBT",
      "CLS",
    ]);
  });

  it("moves the limits with the bare page: the same page passes beside a slower bare page", () => {
    const ours = page({ performance: 95, lcpMs: 2000, tbtMs: 90 });
    expect(lighthouseBreaches(ours, bare, budget)).toEqual(["score", "LCP", "TBT"]);
    const slowerBare = page({ performance: 96, lcpMs: 1750, tbtMs: 55 });
    expect(lighthouseBreaches(ours, slowerBare, budget)).toEqual([]);
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
  });
});

describe("lighthouseBudgetFor", () => {
  it("gives a page without an override the common budget", () => {
    expect(lighthouseBudgetFor("/no-such-page")).toEqual(LIGHTHOUSE_BUDGET);
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

describe("lighthouseTable", () => {
  const result = (route: string, median: LighthouseFigures): PageResult => ({
    route,
    median,
    runs: [median],
    time: { lcpElement: "p", lcpPhases: {}, mainThread: {}, longestTask: null, lcpGraph: null },
  });

  it("shows the bare page first and marks, for --strict, exactly the figures outside their budget", () => {
    const table = lighthouseTable(
      { bare: result(BARE_LABEL, bare), pages: [result("/no-such-page", page({ lcpMs: 1900, tbtMs: 30 }))] },
      5,
    );
    expect(table.rows.map((row) => row.label)).toEqual([BARE_LABEL, "/no-such-page"]);
    expect(failuresOf([table])).toEqual([`${table.title}: /no-such-page, Δ LCP +400 ms ✗ (≤ +300 ms)`]);
  });
});
