import type { QueryClient } from "@tanstack/react-query";
import { clearSessionHint } from "@/lib/visitor/session-hint";
import { cartCountAtom, hasSessionAtom, isOperatorAtom, usernameAtom } from "./atoms";
import { appStore } from "./store";

// Held here rather than read from lib/api/query-client.ts, which loads react-query: a page that never
// made a data cache (the payment page) then ends a session without downloading it.
let dataCache: QueryClient | null = null;

/** Called once by lib/api/query-client.ts when the page's data cache is made. */
export function keepDataCache(client: QueryClient): void {
  dataCache = client;
}

/**
 * Forgets the session in this browser: the signed-in hint, the session atoms, the cart badge and the
 * data cached for the customer. Logout and every call that meets an ended session (401) use it, so
 * the two cannot drift apart. The HttpOnly Token cookie is the server's to clear.
 */
export function clearClientSession(): void {
  clearSessionHint();
  appStore.set(hasSessionAtom, false);
  appStore.set(usernameAtom, null);
  appStore.set(isOperatorAtom, false);
  appStore.set(cartCountAtom, 0);
  dataCache?.removeQueries();
}
