// The budgets of issue 6, in one place: the benchmarks print them beside each figure and the
// budget test in `npm test` fails a route that grows past them.
import { PURIFIER_SKU } from "@/lib/config/store";

export const KB = 1000;

export type PageKind = "browse" | "product" | "payment";

export interface BenchPage {
  route: string;
  kind: PageKind;
  /** Measured by Lighthouse as well as for its bundle. */
  lighthouse: boolean;
}

export const PRODUCT_ROUTE = `/mart/detail/${PURIFIER_SKU}`;
/** The payment page is measured logged in, on a pending order the benchmark makes. */
export const PAYMENT_ROUTE = "/mart/payment";

export const BENCH_PAGES: BenchPage[] = [
  { route: "/", kind: "browse", lighthouse: true },
  { route: "/waterpurifier", kind: "browse", lighthouse: true },
  { route: "/waterpurifier/subscriptionplan", kind: "browse", lighthouse: false },
  { route: "/lenwellcare", kind: "browse", lighthouse: false },
  { route: "/repair", kind: "browse", lighthouse: false },
  { route: "/deals", kind: "browse", lighthouse: false },
  { route: "/mart", kind: "browse", lighthouse: true },
  { route: PRODUCT_ROUTE, kind: "product", lighthouse: true },
  { route: "/about/contactus", kind: "browse", lighthouse: true },
  { route: "/about/aboutus", kind: "browse", lighthouse: false },
  { route: "/about/faq", kind: "browse", lighthouse: false },
  { route: "/about/policy", kind: "browse", lighthouse: false },
  { route: PAYMENT_ROUTE, kind: "payment", lighthouse: true },
];

/** First-load JavaScript above the bare page of the same build, gzip bytes. */
export const JS_ABOVE_BARE_BUDGET: Record<PageKind, number> = { browse: 25 * KB, product: 40 * KB, payment: 40 * KB };
/** First-load CSS, gzip bytes. */
export const CSS_BUDGET = 15 * KB;

/**
 * Lighthouse budgets, relative to the bare Next.js page measured in the same run (same Chromium,
 * throttling and number of runs, medians): what a page of ours may cost above the least this stack
 * and this machine can do. Relative, so a slower or faster machine moves the bare page and ours
 * together and the budget keeps meaning the same thing. CLS is absolute: the bare page shifts nothing.
 */
export interface LighthouseBudget {
  /** Points the performance score (0–100) may fall below the bare page's. */
  scoreBelowBare: number;
  /** Milliseconds of Total Blocking Time above the bare page's. */
  tbtAboveBareMs: number;
  /** Milliseconds of Largest Contentful Paint above the bare page's. */
  lcpAboveBareMs: number;
  /** Cumulative Layout Shift, absolute. */
  cls: number;
}

export const LIGHTHOUSE_BUDGET: LighthouseBudget = { scoreBelowBare: 2, tbtAboveBareMs: 40, lcpAboveBareMs: 300, cls: 0.01 };

/**
 * A page that cannot meet LIGHTHOUSE_BUDGET on this stack gets the tightest budget that holds,
 * named here with the evidence, instead of an unbudgeted figure.
 *
 * LCP, every measured page: Lighthouse simulates the LCP from every file that had finished loading
 * before the paint in the real load, and on every page of ours that is the stylesheet, the
 * preloaded font (32.9 KB, the last to arrive on five of the six pages) and whichever scripts had
 * arrived, against one 2 KB document for the bare page. A page's FCP, simulated from the document
 * and the stylesheet alone, is already 120 to 300 ms above the bare page's LCP, and its lowest single
 * LCP in 15 runs 560 to 780 ms above. The trace and the three runs:
 * docs/decisions/0033-lighthouse-budgets-relative-to-bare-page.md. Each figure is the largest
 * difference of those runs, rounded up to 100 ms. The stylesheet inlined into the HTML
 * (`experimental.inlineCss`, two runs) did not lower them: +575 to +1,350 ms in the quieter run,
 * the font and scripts still the last to arrive, for ~27 KB more gzip HTML on every page.
 * TBT, /mart/payment: +56, +5 and +24 ms in those runs (the bare page's own TBT moved 75 to 94 ms).
 */
export const LIGHTHOUSE_OVERRIDES: Readonly<Record<string, Partial<LighthouseBudget>>> = {
  "/": { lcpAboveBareMs: 1600 },
  "/waterpurifier": { lcpAboveBareMs: 1400 },
  "/mart": { lcpAboveBareMs: 1100 },
  [PRODUCT_ROUTE]: { lcpAboveBareMs: 1300 },
  "/about/contactus": { lcpAboveBareMs: 1200 },
  [PAYMENT_ROUTE]: { lcpAboveBareMs: 1300, tbtAboveBareMs: 60 },
};

export function lighthouseBudgetFor(route: string): LighthouseBudget {
  return { ...LIGHTHOUSE_BUDGET, ...LIGHTHOUSE_OVERRIDES[route] };
}

export const THROUGHPUT_BUDGET = {
  /** A static browse page served by the app, as a share of nginx serving the same HTML. */
  staticShareOfNginx: 0.12,
  productRequestsPerSecond: 400,
  productP99Ms: 50,
  /** On PostgreSQL. */
  cartAddP50Ms: 10,
  cartListP50Ms: 5,
  /** The product page during a storm of wrong-password logins, against itself without one. */
  underLoginStormShare: 0.5,
  underLoginStormP99Factor: 2,
} as const;

/**
 * The flood gate under a burst (`npm run bench -- storm`): requests sent at the same instant, none
 * solving the puzzle it is set, and a customer who starts a second later and solves it as the
 * browser does. What may pass the gate for free is the shop-wide threshold's worth
 * (PROOF_OF_WORK in lib/config/auth.ts: 60 failed logins a minute, 300 code e-mails an hour); the
 * rest are asked for the puzzle.
 */
export const STORM_BUDGET = {
  /** Requests in each burst. */
  burst: 400,
  /** When the customer starts, after the burst's first request. */
  customerAfterMs: 1_000,
  /** The customer's login, from the first request to signed in, the puzzle solved on the way. */
  customerSignInMs: 5_000,
  /** Answers 503: none, nothing waits long enough in the hash queue to be turned away. */
  unavailable: 0,
} as const;

/**
 * Site search (`npm run bench -- search`), on PostgreSQL with 10,000 generated products and 2,000
 * answers: the predictive call per query at one connection, and the /search page held to the
 * product page's throughput budget (the product page itself is measured beside it, for scale).
 */
export const SEARCH_BUDGET = {
  suggestP50Ms: 10,
  suggestP95Ms: 30,
  /** The "within the product page's throughput budget": the same requests per second. */
  pageRequestsPerSecond: THROUGHPUT_BUDGET.productRequestsPerSecond,
} as const;
