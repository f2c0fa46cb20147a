import { NextResponse, type NextRequest } from "next/server";
import { COOKIES, PLATFORM_MAX_AGE_S, REFERRAL_MAX_AGE_S } from "@/lib/config/store";
import { ROUTES, isProtectedPath } from "@/lib/config/routes";
import { cachedSearchPath } from "@/lib/config/search-cache";
import { REFERRAL_PARAM, parseReferralCode } from "@/lib/visitor/referral";
import { safeReturnPath } from "@/lib/visitor/return-path";
import { RETURN_PATH_HEADER, redirectToLogin } from "@/lib/visitor/login-required";
import { env } from "@/lib/config/env";
import { publicEnv } from "@/lib/config/public-env";
import { HEAD_SCRIPT } from "@/lib/site/head-script";
import { NOT_FOUND_REWRITE, isMissingWhateverTheData } from "@/lib/display/address-not-found";
import type { Envelope } from "@/lib/schemas/envelope";
import { COOKIE_TRANSPORT } from "@/lib/config/transport";
import {
  apiOriginOf,
  CARD_ENTRY_PATHS,
  createNonce,
  isolatesOpener,
  nonceContentSecurityPolicy,
  scriptHashSource,
  SESSION_PAGE_OPENER_POLICY,
  stripeSources,
  usesNoncePolicy,
} from "@/lib/config/security-headers";

// Thin on purpose: it only redirects, remembers, answers the addresses that are a 404 whatever the
// data, and gives the pages rendered per request their nonce. Every page and API call checks the
// session itself; this never touches the database. HSTS is not here: every answer of the process
// gets it (lib/server/http/transport-security.ts).

let headScriptHash: Promise<string> | undefined;

/** Next decodes each path segment to route it, and answers a plain-text 500 when one cannot be. */
function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

const MALFORMED_PATH = "The address of this request is not valid.";

/** A 400 for a path with a broken percent escape: in the API's envelope under /api, as text elsewhere. */
function malformedPath(pathname: string): NextResponse {
  const headers = { "Cache-Control": "no-store" };
  if (pathname.startsWith("/api/")) {
    const envelope: Envelope<null> = { code: 400, data: null, errmsg: MALFORMED_PATH };
    return NextResponse.json(envelope, { status: 400, headers });
  }
  return new NextResponse(MALFORMED_PATH, { status: 400, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

export async function middleware(request: NextRequest) {
  const { nextUrl } = request;
  if (!isDecodable(nextUrl.pathname)) return malformedPath(nextUrl.pathname);
  const protectedPage = isProtectedPath(nextUrl.pathname);
  const here = `${nextUrl.pathname}${nextUrl.search}`;
  let response: NextResponse;
  const signedOut = protectedPage && !request.cookies.get(COOKIES.token)?.value;
  const missing = !signedOut && isMissingWhateverTheData(nextUrl.pathname, nextUrl.searchParams);
  // Without a session, search results are everyone's: rewritten to their page in the cache.
  const cachedSearch =
    nextUrl.pathname === ROUTES.search && !request.cookies.get(COOKIES.token)?.value ? cachedSearchPath(nextUrl.searchParams) : null;
  // Pages rendered per request get a fresh nonce; a page served from the cache brings the policy
  // stored with it (cache-handler.mjs), and so does the 404 page or the search results page an
  // address is rewritten to.
  const csp =
    usesNoncePolicy(nextUrl.pathname) && !missing && !cachedSearch
      ? nonceContentSecurityPolicy({
          nonce: createNonce(),
          scriptHashes: [await (headScriptHash ??= scriptHashSource(HEAD_SCRIPT))],
          dev: publicEnv.dev,
          apiOrigin: apiOriginOf(publicEnv.apiBaseUrl),
          provider:
            CARD_ENTRY_PATHS.includes(nextUrl.pathname) && env.PAYMENT_PROVIDER === "stripe" ? stripeSources(env.STRIPE_JS_URL) : null,
        })
      : null;

  if (signedOut) {
    response = redirectToLogin(here, nextUrl.origin);
  } else if (missing) {
    response = NextResponse.rewrite(new URL(NOT_FOUND_REWRITE, nextUrl.origin));
  } else if (cachedSearch) {
    response = NextResponse.rewrite(new URL(cachedSearch, nextUrl.origin));
  } else if (csp || protectedPage) {
    const headers = new Headers(request.headers);
    // Next reads the nonce from the request's policy and writes it on its own scripts.
    if (csp) headers.set("Content-Security-Policy", csp);
    if (protectedPage) {
      // The page sends a visitor whose session has ended to log in, and needs its own address to
      // come back to; never one the browser sent.
      const returnPath = safeReturnPath(here);
      if (returnPath) headers.set(RETURN_PATH_HEADER, returnPath);
      else headers.delete(RETURN_PATH_HEADER);
    }
    response = NextResponse.next({ request: { headers } });
  } else {
    response = NextResponse.next();
  }
  if (csp) {
    response.headers.set("Content-Security-Policy", csp);
    if (isolatesOpener(nextUrl.pathname)) response.headers.set(SESSION_PAGE_OPENER_POLICY.key, SESSION_PAGE_OPENER_POLICY.value);
  }

  const code = parseReferralCode(nextUrl.searchParams.get(REFERRAL_PARAM));
  if (code) {
    response.cookies.set(COOKIES.referral, code, { path: "/", maxAge: REFERRAL_MAX_AGE_S, sameSite: "lax", ...COOKIE_TRANSPORT });
  }

  if (nextUrl.searchParams.get("platform") === "app") {
    response.cookies.set(COOKIES.platform, "app", { path: "/", maxAge: PLATFORM_MAX_AGE_S, sameSite: "lax", ...COOKIE_TRANSPORT });
  }

  return response;
}

// Only the requests that need it: a page served from the cache (the product pages, the prerendered
// ones: the bulk of the traffic) skips the middleware, which halves its throughput
// (docs/decisions/0018-catalogue-cache.md, "Per-request costs"); a page rendered per request pays
// it for its nonce. Next reads this object without running the module, so the paths are written
// out; middleware.test.ts checks them against PROTECTED_PREFIXES, SIGN_IN_PREFIXES,
// PER_REQUEST_BROWSE_PAGES, REFERRAL_PARAM and the platform marker.
export const config = {
  matcher: [
    // Any path with a percent escape, which may be one Next cannot decode (isDecodable). A plain
    // path has none, so the common request still skips the middleware.
    "/:path(.*%.*)",
    // The pages that need a session (the login redirect) and those that take a password: the nonce
    // policy. One pattern, since Next tries every matcher on every request.
    "/:area(account/user|account/purifiers|account/cards|account/orders|account/after-sale|mart/payment|admin|account/login|account/register|account/reset)/:path*",
    // The browse pages rendered per request, exactly (the pages under /mart/detail and /deals come
    // from the cache): their nonce. /mart also for a shelf of a category the store does not have (a
    // 404 drawn on the server).
    "/",
    "/:page(waterpurifier|waterpurifier/subscriptionplan|lenwellcare|repair|mart|about/faq|deals|reminders/unsubscribe)",
    // /search, except what next.config.ts rewrites to its page in the cache (lib/config/search-cache.ts):
    // with a session, without a query or with one a path cannot carry as it is, with a page size, an
    // unknown group or a page that is not a number. Here the cached page's address is encoded, or
    // the page rendered per request gets its nonce.
    { source: "/search", has: [{ type: "cookie", key: "Token" }] },
    { source: "/search", has: [{ type: "query", key: "pageSize" }] },
    { source: "/search", missing: [{ type: "query", key: "q" }] },
    {
      source: "/search",
      has: [{ type: "query", key: "q", value: "(?![A-Za-z0-9\\u00C0-\\u024F][A-Za-z0-9\\u00C0-\\u024F '-]{0,99}$)[\\s\\S]*" }],
    },
    { source: "/search", has: [{ type: "query", key: "group", value: "(?!(?:products|answers|orders|purifiers)$)[\\s\\S]*" }] },
    { source: "/search", has: [{ type: "query", key: "page", value: "(?![1-9][0-9]{0,3}$)[\\s\\S]*" }] },
    // Any page carrying a referral code or the app marker (not the API, Next's files or /public).
    {
      source: "/((?!api/|_next/|.*\\.(?:svg|png|jpe?g|webp|avif|gif|ico|json|txt|xml|woff2?|css|js|map)$).*)",
      has: [{ type: "query", key: "c" }],
    },
    {
      source: "/((?!api/|_next/|.*\\.(?:svg|png|jpe?g|webp|avif|gif|ico|json|txt|xml|woff2?|css|js|map)$).*)",
      has: [{ type: "query", key: "platform", value: "app" }],
    },
  ],
};
