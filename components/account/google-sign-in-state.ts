import { OIDC_PENDING_STORAGE_KEY } from "@/lib/config/oidc";

// What the browser keeps between leaving for the issuer and coming back: the PKCE verifier (the
// nonce is derived from it) and the state that ties the answer to this tab's request.

export interface PendingGoogleSignIn {
  verifier: string;
  state: string;
}

export function keepPendingSignIn(pending: PendingGoogleSignIn): void {
  window.sessionStorage.setItem(OIDC_PENDING_STORAGE_KEY, JSON.stringify(pending));
}

/** The pending sign-in of this tab, once: it is removed as it is read. */
export function takePendingSignIn(): PendingGoogleSignIn | null {
  try {
    const raw = window.sessionStorage.getItem(OIDC_PENDING_STORAGE_KEY);
    window.sessionStorage.removeItem(OIDC_PENDING_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === "object" &&
      "verifier" in value &&
      "state" in value &&
      typeof value.verifier === "string" &&
      typeof value.state === "string"
    ) {
      return { verifier: value.verifier, state: value.state };
    }
    return null;
  } catch {
    return null;
  }
}
