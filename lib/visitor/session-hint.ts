import { useSyncExternalStore } from "react";
import { cookieValue, secureAttributeHere } from "@/lib/visitor/browser-cookies";
import { COOKIES, SESSION_HINT_VALUE } from "@/lib/config/store";

// The "someone is signed in" hint cookie (set and cleared by the server with the HttpOnly Token
// cookie). Prerendered pages cannot know the session, so the top bar trusts this hint from
// hydration on until GET /user/profile answers; a 401 anywhere clears it, so a stale hint from an
// expired or revoked session lasts one profile call at most.

/** Whether a `document.cookie` string carries the hint. */
export function hasSessionHint(cookieString: string): boolean {
  return cookieValue(cookieString, COOKIES.sessionHint) === SESSION_HINT_VALUE;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readHint(): boolean {
  return hasSessionHint(document.cookie);
}

// The server's HTML is the same for everyone: it always renders "no hint".
function readServerHint(): boolean {
  return false;
}

/**
 * The hint, read at hydration without a mismatch: React hydrates with `false` (as the server
 * rendered) and re-renders at once with the cookie's value.
 */
export function useSessionHint(): boolean {
  return useSyncExternalStore(subscribe, readHint, readServerHint);
}

/** Forgets the hint (a 401 said the session is gone) and tells the components that read it. */
export function clearSessionHint(): void {
  if (typeof document === "undefined") return;
  document.cookie = `${COOKIES.sessionHint}=; Max-Age=0; Path=/; SameSite=Strict${secureAttributeHere()}`;
  for (const listener of listeners) listener();
}
