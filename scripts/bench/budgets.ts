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
 * Judged on the applied-throttling runs (DevTools slows the real load's network and CPU), not the
 * simulated ones: docs/decisions/0044-lighthouse-applied-throttling.md.
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
  /**
   * Main-thread script time (evaluation + parse and compile, Lighthouse's mainthread-work-breakdown)
   * as a multiple of the bare page's: what our own code makes the phone run beyond React and Next.
   */
  scriptTimesBare: number;
}

export const LIGHTHOUSE_BUDGET: LighthouseBudget = {
  scoreBelowBare: 2,
  tbtAboveBareMs: 40,
  lcpAboveBareMs: 300,
  cls: 0.01,
  scriptTimesBare: 1.3,
};

/**
 * A page whose budget the issue sets apart from LIGHTHOUSE_BUDGET: only the payment page's TBT, 60 ms
 * above the bare page's as the issue states it.
 * The per-page LCP budgets of docs/decisions/0033 are gone: they stood for Lighthouse's simulation
 * of a loopback load, which the budgets no longer judge (decision 0044). A page over a budget shows ✗.
 */
export const LIGHTHOUSE_OVERRIDES: Readonly<Record<string, Partial<LighthouseBudget>>> = {
  [PAYMENT_ROUTE]: { tbtAboveBareMs: 60 },
};

export function lighthouseBudgetFor(route: string): LighthouseBudget {
  return { ...LIGHTHOUSE_BUDGET, ...LIGHTHOUSE_OVERRIDES[route] };
}

/**
 * The pages' budgets are shares of nginx serving the very same HTML in the same run: what this
 * machine can do for that response at all, so a slower or busier machine moves both sides.
 */
export const THROUGHPUT_BUDGET = {
  /** The prerendered browse page's requests/s, at least this share of nginx's for its HTML. */
  staticShareOfNginx: 0.15,
  /** The product page's requests/s, at least this share of nginx's for its HTML, during a storm of wrong-password logins too. */
  productShareOfNginx: 0.12,
  /** The product page's p99, at most this many times nginx's p99 for its HTML, during the storm too. */
  productP99OverNginx: 10,
  /** On PostgreSQL. */
  cartAddP50Ms: 10,
  cartListP50Ms: 5,
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
  /**
   * The predictive call's p50 and p95 per query (issue 30), for the search itself (each query the
   * first time it is asked, nothing cached) and for the same queries asked again (answered from
   * Next's cache for a visitor without a session).
   */
  suggestP50Ms: 10,
  suggestP95Ms: 30,
  /** The "within the product page's throughput budget": the same share of nginx serving the page's HTML. */
  pageShareOfNginx: THROUGHPUT_BUDGET.productShareOfNginx,
} as const;
