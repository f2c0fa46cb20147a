"use client";

import { ROUTES } from "@/lib/config/routes";
import { LOGGED_OUT_MESSAGE } from "@/lib/config/store";
import { keepAlertForNextPage } from "@/lib/state/notices";

/**
 * The console's logout: ends the session, then goes home with a full load, the alert kept for the
 * home page. The console's open queries meet 401s on the way out; they are the logout's own, so they
 * must not send the operator to the login page (endSessionOnPurpose).
 */
export function ConsoleLogOut({ className }: { className: string }) {
  async function logOutAndLeave() {
    const [{ logOut }, { endSessionOnPurpose }] = await Promise.all([import("@/lib/api/logout"), import("@/lib/api/login-on-expiry")]);
    endSessionOnPurpose();
    await logOut();
    keepAlertForNextPage({ tone: "success", message: LOGGED_OUT_MESSAGE });
    window.location.assign(ROUTES.home);
  }
  return (
    <button type="button" onClick={() => void logOutAndLeave()} className={className}>
      Logout
    </button>
  );
}
