import { NextResponse, type NextRequest } from "next/server";
import { COOKIES, LOGIN_RETURN_MAX_AGE_S, REFERRAL_MAX_AGE_S } from "@/lib/config/store";
import { ROUTES, isProtectedPath } from "@/lib/config/routes";
import { REFERRAL_PARAM, parseReferralCode } from "@/lib/referral";
import { safeReturnPath } from "@/lib/return-path";

// Thin on purpose: it only redirects and remembers. Every page and API call checks the session
// itself; this never touches the database.

export function middleware(request: NextRequest) {
  const { nextUrl } = request;
  let response: NextResponse;

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
  } else {
    response = NextResponse.next();
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

export const config = {
  // Pages only: not the API, Next's own files, or the static files in /public.
  matcher: ["/((?!api/|_next/|.*\\.(?:svg|png|jpe?g|webp|avif|gif|ico|json|txt|xml|woff2?|css|js|map)$).*)"],
};
