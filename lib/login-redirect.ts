"use client";

import { setCookie } from "cookies-next/client";
import { COOKIES, LOGIN_RETURN_MAX_AGE_S } from "@/lib/config/store";
import { ROUTES } from "@/lib/config/routes";
import { withReferral } from "@/lib/referral";
import { safeReturnPath } from "@/lib/return-path";

/**
 * Where a visitor goes when an action needs an account: the current path is kept in the
 * login-return-path cookie (the login page sends them back to it), as the cart icon does.
 */
export function loginHrefKeepingReturn(referralCode: string | null): string {
  const here = safeReturnPath(`${window.location.pathname}${window.location.search}`);
  if (here) setCookie(COOKIES.loginReturnPath, here, { path: "/", maxAge: LOGIN_RETURN_MAX_AGE_S, sameSite: "lax" });
  return withReferral(ROUTES.login, referralCode);
}
