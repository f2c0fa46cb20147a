// Lighthouse's accessibility and SEO categories on every page the bench knows (BENCH_PAGES, the
// payment page signed in): accessibility 100 on each, SEO 100 on each page a search
// engine may index (a page that says noindex is not judged on SEO, as Lighthouse's own
// "is-crawlable" audit would fail it by design). One run each at the mobile preset, unthrottled:
// these audits read the page, not its timing. The e2e suite holds axe to every route and state;
// this is Lighthouse's view of the same pages, the figure an outside review quotes. Lighthouse
// refuses to audit an answer with the 404 status, so the 404 page is axe's alone (e2e/a11y.spec.ts).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { BENCH_PAGES, PAYMENT_ROUTE } from "./budgets";
import { CHROME_FLAGS } from "./lighthouse";
import type { Figure, Table } from "./report";

export interface AuditResult {
  route: string;
  accessibility: number;
  seo: number;
  indexable: boolean;
  /** The audits below a full score, by id, with their category. */
  failing: string[];
}

export async function runAudits(baseUrl: string, options: { cookie?: string; paymentQuery?: string } = {}): Promise<AuditResult[]> {
  const targets = BENCH_PAGES.map((page) => page.route);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const results: AuditResult[] = [];
  try {
    for (const route of targets) {
      const payment = route === PAYMENT_ROUTE;
      if (payment && !(options.cookie && options.paymentQuery)) continue;
      const url = new URL(payment ? `${route}${options.paymentQuery}` : route, baseUrl).href;
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["accessibility", "seo"],
        throttlingMethod: "provided",
        extraHeaders: payment && options.cookie ? { Cookie: options.cookie } : undefined,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = Object.values(lhr.categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category.id}: ${ref.id}`),
      );
      // A page that asks not to be indexed fails "is-crawlable" on purpose.
      const indexable = lhr.audits["is-crawlable"]?.score === 1;
      results.push({ route, accessibility: score("accessibility"), seo: score("seo"), indexable, failing });
      console.log(`audits ${route}: accessibility ${score("accessibility")}, SEO ${score("seo")}${indexable ? "" : " (noindex)"}`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}

export function auditTable(results: AuditResult[]): Table {
  const full = (value: number): Figure => ({ value, unit: "score", budget: { limit: 100, kind: "min" } });
  return {
    title: "Lighthouse accessibility and SEO (mobile preset, one run each, unthrottled)",
    columns: ["Route", "Accessibility", "SEO", "Below a full score"],
    rows: results.map((result) => ({
      label: result.route,
      cells: [
        full(result.accessibility),
        result.indexable ? full(result.seo) : `${result.seo} (noindex, not judged)`,
        result.failing.filter((entry) => result.indexable || entry !== "seo: is-crawlable").join(", ") || "–",
      ],
    })),
    notes: [
      "Accessibility must be 100 on every page and SEO 100 on every page a search engine may index; the e2e suite checks every route and state with axe at both sizes.",
    ],
  };
}
