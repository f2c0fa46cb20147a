"use client";

import { writeCookie } from "@/lib/visitor/browser-cookies";
import { COOKIES, LOGIN_RETURN_MAX_AGE_S } from "@/lib/config/store";
import { ROUTES } from "@/lib/config/routes";
import { withReferral } from "@/lib/visitor/referral";
import { safeReturnPath } from "@/lib/visitor/return-path";

/** Keeps the current path in the login-return-path cookie: the login page sends the customer back to it. */
export function rememberReturnPath(): void {
  const here = safeReturnPath(`${window.location.pathname}${window.location.search}`);
  if (here) writeCookie(COOKIES.loginReturnPath, here, LOGIN_RETURN_MAX_AGE_S);
}

/** Where a visitor goes when an action needs an account, with the way back remembered. */
export function loginHrefKeepingReturn(referralCode: string | null): string {
  rememberReturnPath();
  return withReferral(ROUTES.login, referralCode);
}
