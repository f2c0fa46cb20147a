import { ROUTES, isProtectedPath, isSignInPath } from "./routes";

// Site-wide security headers. No answer allows inline scripts wholesale ('unsafe-inline'): each page
// gets one Content-Security-Policy, by how it is rendered (docs/decisions/0041):
// - pages rendered per request (every page that needs a session or takes a password, and the
//   browse pages that print live data) get a fresh nonce from the middleware, which Next writes on
//   its own scripts;
// - pages served from Next's cache (the product pages, and the pages `next build` prerenders, which
//   the started server renders once more) get the sha256 of each inline script of their cached HTML,
//   computed when the page is put into the cache (cache-handler.mjs, lib/server/http/cached-page-policy.ts)
//   and stored with it, so a cached page is served with its policy and without any work per request;
// - API answers and files get a policy that allows nothing to run.
// next.config.ts, middleware.ts and the cache handler all build their policies here.

export interface PolicyOptions {
  /** `next dev`: React's overlay and fast refresh need eval and a websocket. */
  dev: boolean;
  /** Origin of the shop API when it is not the site's own; empty otherwise. */
  apiOrigin: string;
}

export interface NoncePolicyOptions extends PolicyOptions {
  nonce: string;
  /** 'sha256-…' sources of the inline scripts written without a nonce (the root layout's). */
  scriptHashes: readonly string[];
  /** The payment provider's script, frames and API, on the pages that take a card only. */
  provider?: ProviderSources | null;
}

/** Where a payment provider's browser script loads from, frames its fields and calls. */
export interface ProviderSources {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
}

const STRIPE_JS_ORIGIN = "https://js.stripe.com";

/**
 * What Stripe.js needs, as Stripe documents it, and nothing more: its script, the frames of its
 * card fields and 3-D Secure, and its API. Stripe.js served from elsewhere (the tests' stand-in)
 * does all three from its own origin.
 */
export function stripeSources(scriptUrl: string): ProviderSources {
  const origin = new URL(scriptUrl).origin;
  if (origin !== STRIPE_JS_ORIGIN) return { script: [origin], frame: [origin], connect: [origin] };
  return {
    script: [STRIPE_JS_ORIGIN, "https://*.js.stripe.com"],
    frame: [STRIPE_JS_ORIGIN, "https://*.js.stripe.com", "https://hooks.stripe.com"],
    connect: ["https://api.stripe.com"],
  };
}

/**
 * The pages where a customer types a card: only these may load the payment provider's script (the
 * payment page and the saved-cards screen; the membership's renewal-card form sends a new card to
 * the saved-cards screen). Both need a session, so each answer carries the nonce policy these
 * sources are added to.
 */
export const CARD_ENTRY_PATHS: readonly string[] = [ROUTES.payment, ROUTES.savedCards];

/** The origin of NEXT_PUBLIC_API_BASE_URL, or "" when the API is on the site's own origin. */
export function apiOriginOf(apiBaseUrl: string): string {
  return apiBaseUrl ? new URL(apiBaseUrl).origin : "";
}

function policy(scriptSrc: string, { dev, apiOrigin }: PolicyOptions, provider: ProviderSources | null = null): string {
  const connect = ["'self'", apiOrigin, ...(provider?.connect ?? [])].filter(Boolean).join(" ");
  const script = [scriptSrc, ...(provider?.script ?? [])].join(" ");
  return [
    "default-src 'self'",
    `script-src ${script}${dev ? " 'unsafe-eval'" : ""}`,
    // Next and next/font write inline styles; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}${dev ? " ws: wss:" : ""}`,
    ...(provider ? [`frame-src ${provider.frame.join(" ")}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const SHA256_SOURCE = /^'sha256-[A-Za-z0-9+/]{43}='$/;

function checkHashes(scriptHashes: readonly string[]): void {
  for (const hash of scriptHashes) {
    if (!SHA256_SOURCE.test(hash)) throw new Error(`Not a CSP sha256 source: ${hash}`);
  }
}

/**
 * The policy of per-request pages. Next reads the nonce from this header on the request and puts
 * it on its own scripts; 'strict-dynamic' lets those load the page's chunks. 'self' only serves
 * browsers too old for 'strict-dynamic' (newer ones ignore it next to a nonce).
 */
export function nonceContentSecurityPolicy({ nonce, scriptHashes, provider = null, ...options }: NoncePolicyOptions): string {
  if (!/^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(nonce)) throw new Error("A CSP nonce must be at least 16 base64 characters.");
  checkHashes(scriptHashes);
  return policy(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...scriptHashes].join(" "), options, provider);
}

export interface CachedPagePolicyOptions extends PolicyOptions {
  /** 'sha256-…' of every inline script of the page's cached HTML (the RSC payload, React's, the head script). */
  scriptHashes: readonly string[];
}

/**
 * The policy of a page served from Next's cache: its inline scripts by their sha256, its script
 * files by 'self' (the page's chunks, and those Next's router loads later, all from /_next/static).
 * No 'strict-dynamic': it would switch 'self' off, and the chunks the HTML names are written by the
 * parser, not loaded by a trusted script.
 */
export function cachedPageContentSecurityPolicy({ scriptHashes, ...options }: CachedPagePolicyOptions): string {
  checkHashes(scriptHashes);
  return policy(["'self'", ...scriptHashes].join(" "), options);
}

/** Directives that lock down a document that should run nothing: an API answer or a file opened as a page. */
const NOTHING_RUNS = ["default-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"];

/** The policy of every API answer: JSON, never a document that loads or runs anything. */
export const API_CONTENT_SECURITY_POLICY = NOTHING_RUNS.join("; ");

/**
 * The policy of the site's files (scripts, styles, fonts, pictures, robots.txt, the sitemap): none of
 * them is a page, and an SVG opened on its own may show its inline styles and pictures, nothing more.
 */
export const FILE_CONTENT_SECURITY_POLICY = [...NOTHING_RUNS, "style-src 'unsafe-inline'", "img-src 'self' data:"].join("; ");

/** next.config.ts `source` of the API answers. */
export const API_SOURCE = "/api/:path*";

/**
 * next.config.ts `source`s of the site's files: Next's own, and any address ending in a file's
 * extension (public/, icon.svg, robots.txt, sitemap.xml, the map). No page address has one, so no
 * page ever gets this policy beside its own (a browser enforces every policy it gets).
 */
export const FILE_SOURCES: readonly string[] = [
  "/_next/:path*",
  "/:file(.*\\.(?:svg|png|jpe?g|webp|avif|gif|ico|json|txt|xml|woff2?|css|js|map))",
];

/**
 * The browse pages Next renders per request (they print live prices or read the address's
 * query): exact addresses, since the pages under some of them (/mart/detail/…, /deals/…) are
 * served from the cache. middleware.ts runs on them to give each answer its nonce; the end-to-end
 * tests check this list against what the build renders per request (e2e/security-headers.spec.ts).
 */
export const PER_REQUEST_BROWSE_PAGES: readonly string[] = [
  ROUTES.home,
  ROUTES.purifier,
  ROUTES.membership,
  ROUTES.care,
  ROUTES.repair,
  ROUTES.store,
  ROUTES.faq,
  ROUTES.deals,
  ROUTES.unsubscribe,
  ROUTES.search,
];

/**
 * Whether a page gets the per-request nonce policy: the pages Next renders per request, which are
 * those that need a session, those that take a password or sign someone in (an injected inline
 * script there would read what is typed; they render per request for it), and the browse pages
 * that print live data. Every other page is served from the cache and carries its own policy.
 */
export function usesNoncePolicy(pathname: string): boolean {
  return isProtectedPath(pathname) || isSignInPath(pathname) || PER_REQUEST_BROWSE_PAGES.includes(pathname);
}

/**
 * Whether a page gets its own browsing context group (SESSION_PAGE_OPENER_POLICY): the pages that
 * need a session or take a password, not the browse pages (docs/decisions/0012).
 */
export function isolatesOpener(pathname: string): boolean {
  return isProtectedPath(pathname) || isSignInPath(pathname);
}

/**
 * The pages that need a session also get their own browsing context group: a window that opened
 * one, or that one opens, keeps no handle on it. Not the browse pages: the policy makes the browser
 * give the page a renderer of its own when a visitor arrives from anywhere else (on a phone, a new
 * process before anything is drawn), and those pages show everyone the same public content.
 */
export const SESSION_PAGE_OPENER_POLICY = { key: "Cross-Origin-Opener-Policy", value: "same-origin" } as const;

/** A fresh nonce: 128 random bits from Web Crypto (the middleware runs on the Edge runtime). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The CSP source that allows one inline script by its content ('sha256-…'). */
export async function scriptHashSource(script: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** Headers every answer gets (pages, API, files), whichever policy it carries; fixed at `next build`. */
export function securityHeaders(): { key: string; value: string }[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(self)" },
  ];
}

export const STRICT_TRANSPORT_SECURITY = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" } as const;

export interface TransportOptions {
  /** NODE_ENV is production. */
  production: boolean;
  /** The shop's public address as the running server reads it (SITE_URL), not as `next build` saw it. */
  siteUrl: string;
}

/**
 * Whether the shop is served over https only: a production site whose public address is https.
 * Then every answer carries HSTS and every cookie is Secure (HSTS on localhost would pin the
 * developer's browser to https). Decided when the server starts (lib/config/transport.ts), since
 * one build may be started behind http or https.
 */
export function servesOnlyHttps({ production, siteUrl }: TransportOptions): boolean {
  return production && siteUrl.startsWith("https:");
}
