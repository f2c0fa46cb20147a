import { NextResponse } from "next/server";
import { COOKIES, LOGIN_RETURN_MAX_AGE_S } from "@/lib/config/store";
import { ROUTES } from "@/lib/config/routes";
import { COOKIE_TRANSPORT } from "@/lib/config/transport";
import { REFERRAL_PARAM, parseReferralCode } from "@/lib/visitor/referral";
import { safeReturnPath } from "@/lib/visitor/return-path";

// The one answer that sends a visitor from a protected page to log in, whichever noticed first:
// the middleware (no session cookie at all) or the page itself (a cookie whose session has ended,
// through ROUTES.loginRequired). Both must leave the same login address and the same way back.

/**
 * The request header on which the middleware tells a protected page its own path and query: a
 * server component cannot read its address, and needs it to come back after a login.
 */
export const RETURN_PATH_HEADER = "x-lenwell-return-path";

/**
 * A 307 to the login page from `from`, the protected page's path and query as it was asked for.
 * `origin`: the middleware's, whose redirects must be absolute (Next makes them relative again).
 * Without it the address stays relative, as a route handler's must: its request URL names the
 * server's own address (127.0.0.1 even becomes localhost), not the one the browser used.
 */
export function redirectToLogin(from: string, origin?: string): NextResponse {
  // Keep only the referral code on the login address; the rest travels in the cookie.
  const queryStart = from.indexOf("?");
  const query = queryStart === -1 ? "" : from.slice(queryStart + 1).split("#")[0];
  const code = parseReferralCode(new URLSearchParams(query).get(REFERRAL_PARAM));
  const login = code ? `${ROUTES.login}?${REFERRAL_PARAM}=${code}` : ROUTES.login;
  const response = origin ? NextResponse.redirect(new URL(login, origin)) : sameSiteRedirect(login);
  const returnPath = safeReturnPath(from);
  if (returnPath) {
    response.cookies.set(COOKIES.loginReturnPath, returnPath, {
      path: "/",
      maxAge: LOGIN_RETURN_MAX_AGE_S,
      sameSite: "lax",
      ...COOKIE_TRANSPORT,
    });
  }
  return response;
}

/** A 307 to a path of this site, written as the path alone. */
export function sameSiteRedirect(path: string): NextResponse {
  return new NextResponse(null, { status: 307, headers: { Location: path } });
}
