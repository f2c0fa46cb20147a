"use client";

import { ROUTES } from "@/lib/config/routes";
import { LOGGED_OUT_MESSAGE } from "@/lib/hooks/use-log-out";
import { keepAlertForNextPage } from "@/lib/state/notices";

/**
 * The console's logout: ends the session, then goes home with a full load, the alert kept for the
 * home page. Not a client navigation: the console's calls that still answered 401 in the meantime
 * sent the operator to the login page (they take a 401 on a console page for an ended session).
 */
export function ConsoleLogOut({ className }: { className: string }) {
  async function logOutAndLeave() {
    const { logOut } = await import("@/lib/api/logout");
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
