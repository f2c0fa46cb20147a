import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import type { NextRequest } from "next/server";
import { COOKIES } from "@/lib/config/store";
import { RETURN_PARAM, ROUTES, loginRequiredPath } from "@/lib/config/routes";
import { RETURN_PATH_HEADER, redirectToLogin, sameSiteRedirect } from "@/lib/visitor/login-required";
import { safeReturnPath } from "@/lib/visitor/return-path";
import type { User } from "@/lib/schemas/user";
import { carriesSessionCookie, findSessionByToken, readCookie, signedOutCookies, type AuthContext } from "./session";
import { userView } from "./users";

// How a protected page decides "signed in, or go and log in": the one rule for every page under
// PROTECTED_PREFIXES (the customer's pages here, the console's through requireOperatorPage). A
// visitor without a live session meets the same login page and comes back to the same page whether
// the browser sent no cookie (the middleware answers first) or one whose session has ended.

/**
 * The live session of the Token cookie. Without one, the page is left for ROUTES.loginRequired,
 * which remembers it (a server component can set no cookie) and clears the dead cookies.
 */
export async function requirePageSession(): Promise<AuthContext> {
  const session = await findSessionByToken((await cookies()).get(COOKIES.token)?.value);
  if (session) return session;
  // The middleware names the page; without it (it always runs on these paths) the login still
  // happens, only without the way back.
  redirect(loginRequiredPath(safeReturnPath((await headers()).get(RETURN_PATH_HEADER))));
}

/** For the customer's protected pages: the signed-in customer, or off to log in. */
export async function requireCustomerPage(): Promise<User> {
  return userView((await requirePageSession()).user);
}

/**
 * GET ROUTES.loginRequired?return=<page>: the same login redirect the middleware gives a visitor
 * without a cookie, plus the clearing of the cookies of a session that has ended. A session that
 * is live after all goes straight back to the page, so a link here cannot sign anyone out.
 */
export async function loginRequiredResponse(request: NextRequest): Promise<Response> {
  const from = request.nextUrl.searchParams.get(RETURN_PARAM) ?? "";
  if (await findSessionByToken(readCookie(request, COOKIES.token))) return sameSiteRedirect(safeReturnPath(from) ?? ROUTES.home);
  const response = redirectToLogin(from);
  // Only cookies the browser sent: a visitor arriving from another site sends none (SameSite), and
  // clearing blindly would end a live session from a link.
  if (carriesSessionCookie(request)) {
    for (const cookie of signedOutCookies()) response.headers.append("Set-Cookie", cookie);
  }
  return response;
}
