import { ROUTES } from "@/lib/config/routes";
import { rememberReturnPath } from "@/lib/visitor/login-redirect";
import { keepAlertForNextPage, showAlertAtom } from "@/lib/state/notices";
import { appStore } from "@/lib/state/store";
import { ApiError } from "./envelope";

// Here rather than in lib/visitor/login-redirect.ts, which every page's top bar loads: only the pages that
// make calls needing a session load this.

// Set when this page ends its own session on purpose (a logout on its way home): the 401s that its
// open queries meet on the way out are expected, not an expiry to send anyone to the login page for.
let endingSession = false;

/** Called before a logout that leaves the page: 401s from here on are the logout's own doing. */
export function endSessionOnPurpose(): void {
  endingSession = true;
}

/**
 * After the session ended: says why, here and on the login page, keeps the way back (unless this is
 * the login page) and leaves with a full page load, which also drops whatever this page still holds
 * for the ended session.
 */
export function goToLogin(reason: string): void {
  if (endingSession) return;
  appStore.set(showAlertAtom, { tone: "error", message: reason });
  keepAlertForNextPage({ tone: "error", message: reason });
  if (!window.location.pathname.startsWith(ROUTES.login)) rememberReturnPath();
  window.location.assign(ROUTES.login);
}

/**
 * The rejection handler of the calls that need a session (`callApi(…).catch(loginOnExpiry)`): a 401
 * sends the customer to log in. The error goes on to the caller either way, which shows the rest.
 */
export function loginOnExpiry(error: unknown): never {
  if (error instanceof ApiError && error.code === 401) goToLogin(error.message);
  throw error;
}
