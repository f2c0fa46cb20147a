import { PROTECTED_PREFIXES, ROUTES, SIGN_IN_PREFIXES, isProtectedPath, isSignInPath } from "./routes";

// Site-wide security headers. Two Content-Security-Policies, never both on one answer:
// - browse pages are prerendered, so their HTML cannot carry a per-request nonce: scripts are
//   limited to this origin plus Next's inline bootstrap ('unsafe-inline'), and never eval;
// - the pages that need a session (account, payment, orders, after-sale, admin) and the pages that
//   take a password (login, registration, reset) render per request, so the middleware gives each
//   answer a fresh nonce with 'strict-dynamic'.
// next.config.ts and middleware.ts both build their headers here.

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

/**
 * The policy of prerendered pages. It must carry no nonce and no hash: a browser that sees either
 * ignores 'unsafe-inline', and Next's inline bootstrap scripts of a static page have neither.
 */
export function staticContentSecurityPolicy(options: PolicyOptions): string {
  return policy("'self' 'unsafe-inline'", options);
}

/**
 * The policy of per-request pages. Next reads the nonce from this header on the request and puts
 * it on its own scripts; 'strict-dynamic' lets those load the page's chunks. 'self' only serves
 * browsers too old for 'strict-dynamic' (newer ones ignore it next to a nonce).
 */
export function nonceContentSecurityPolicy({ nonce, scriptHashes, provider = null, ...options }: NoncePolicyOptions): string {
  if (!/^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(nonce)) throw new Error("A CSP nonce must be at least 16 base64 characters.");
  for (const hash of scriptHashes) {
    if (!/^'sha256-[A-Za-z0-9+/]{43}='$/.test(hash)) throw new Error(`Not a CSP sha256 source: ${hash}`);
  }
  return policy(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...scriptHashes].join(" "), options, provider);
}

/**
 * Whether a page gets the per-request nonce policy: the pages that need a session, and those that
 * take a password or sign someone in, where an injected inline script would read what is typed.
 */
export function usesNoncePolicy(pathname: string): boolean {
  return isProtectedPath(pathname) || isSignInPath(pathname);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The next.config.ts `source` of every path but the nonce-policy pages, so a page never carries
 * both policies (a browser enforces every policy it gets).
 */
export function staticPolicySource(): string {
  const prefixes = [...PROTECTED_PREFIXES, ...SIGN_IN_PREFIXES].map((prefix) => escapeRegExp(prefix.replace(/^\//, ""))).join("|");
  return `/((?!(?:${prefixes})(?:/|$)).*)`;
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
 * Whether answers carry HSTS: only a production site whose public address is https (HSTS on
 * localhost would pin the developer's browser to https). Decided per request by the middleware,
 * since one build may be started behind http or https.
 */
export function sendsStrictTransportSecurity({ production, siteUrl }: TransportOptions): boolean {
  return production && siteUrl.startsWith("https:");
}
