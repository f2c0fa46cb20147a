import { describe, expect, it } from "vitest";
import { timeSpent } from "./lighthouse";

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
    });
  });

  it("names a text LCP by its tag and copes with audits Lighthouse left out", () => {
    const textOnly = {
      "largest-contentful-paint-element": { details: { items: [{ items: [{ node: { snippet: '<p class="mt-1">' } }] }] } },
    };
    expect(timeSpent(textOnly)).toEqual({ lcpElement: "p", lcpPhases: {}, mainThread: {}, longestTask: null });
    expect(timeSpent({})).toEqual({ lcpElement: "–", lcpPhases: {}, mainThread: {}, longestTask: null });
  });
});
