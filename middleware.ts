import { NextResponse, type NextRequest } from "next/server";
import { COOKIES, LOGIN_RETURN_MAX_AGE_S, REFERRAL_MAX_AGE_S } from "@/lib/config/store";
import { ROUTES, isProtectedPath } from "@/lib/config/routes";
import { REFERRAL_PARAM, parseReferralCode } from "@/lib/referral";
import { safeReturnPath } from "@/lib/return-path";
import { publicEnv } from "@/lib/config/public-env";
import { HEAD_SCRIPT } from "@/lib/head-script";
import type { Envelope } from "@/lib/schemas/envelope";
import {
  apiOriginOf,
  createNonce,
  nonceContentSecurityPolicy,
  scriptHashSource,
  SESSION_PAGE_OPENER_POLICY,
  usesNoncePolicy,
} from "@/lib/config/security-headers";

// Thin on purpose: it only redirects, remembers, and gives the per-request pages their nonce.
// Every page and API call checks the session itself; this never touches the database.

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
  let response: NextResponse;
  // Pages that need a session render per request, so they get a fresh nonce; next.config.ts gives
  // every other path the static policy.
  const csp = usesNoncePolicy(nextUrl.pathname)
    ? nonceContentSecurityPolicy({
        nonce: createNonce(),
        scriptHashes: [await (headScriptHash ??= scriptHashSource(HEAD_SCRIPT))],
        dev: publicEnv.dev,
        apiOrigin: apiOriginOf(publicEnv.apiBaseUrl),
      })
    : null;

  if (isProtectedPath(nextUrl.pathname) && !request.cookies.get(COOKIES.token)?.value) {
    const login = nextUrl.clone();
    login.pathname = ROUTES.login;
    // Keep only the referral code on the login address; the rest travels in the cookie.
    const code = parseReferralCode(nextUrl.searchParams.get(REFERRAL_PARAM));
    login.search = code ? `?${REFERRAL_PARAM}=${code}` : "";
    response = NextResponse.redirect(login);
    const returnPath = safeReturnPath(`${nextUrl.pathname}${nextUrl.search}`);
    if (returnPath) {
      response.cookies.set(COOKIES.loginReturnPath, returnPath, {
        path: "/",
        maxAge: LOGIN_RETURN_MAX_AGE_S,
        sameSite: "lax",
      });
    }
  } else if (csp) {
    // Next reads the nonce from the request's policy and writes it on its own scripts.
    const headers = new Headers(request.headers);
    headers.set("Content-Security-Policy", csp);
    response = NextResponse.next({ request: { headers } });
  } else {
    response = NextResponse.next();
  }
  if (csp) {
    response.headers.set("Content-Security-Policy", csp);
    response.headers.set(SESSION_PAGE_OPENER_POLICY.key, SESSION_PAGE_OPENER_POLICY.value);
  }

  const code = parseReferralCode(nextUrl.searchParams.get(REFERRAL_PARAM));
  if (code) {
    response.cookies.set(COOKIES.referral, code, { path: "/", maxAge: REFERRAL_MAX_AGE_S, sameSite: "lax" });
  }

  if (nextUrl.searchParams.get("platform") === "app") {
    response.cookies.set(COOKIES.platform, "app", { path: "/", maxAge: 365 * 86_400, sameSite: "lax" });
  }

  return response;
}

// Only the requests that need it: a plain browse page (the bulk of the traffic) skips the Edge
// sandbox, which costs about a millisecond a request. Next reads this object without running the
// module, so the paths are written out; middleware.test.ts checks them against PROTECTED_PREFIXES,
// REFERRAL_PARAM and the platform marker.
export const config = {
  matcher: [
    // Any path with a percent escape, which may be one Next cannot decode (isDecodable). A plain
    // path has none, so the common request still skips the middleware.
    "/:path(.*%.*)",
    // The pages that need a session: the login redirect and the nonce policy. One pattern, since
    // Next tries every matcher on every request.
    "/:area(account/user|account/orders|account/after-sale|mart/payment|admin)/:path*",
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
