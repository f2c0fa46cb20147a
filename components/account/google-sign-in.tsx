"use client";

import { useState } from "react";
import { codeChallengeFor, nonceFor, randomToken } from "@/lib/visitor/oidc-pkce";
import { keepPendingSignIn } from "./google-sign-in-state";
import { FormAlert } from "@/components/ui/form-alert";

export interface GoogleSignInProps {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  scope: string;
}

/** Leaves for the issuer's consent screen with a fresh PKCE verifier, state and nonce. */
export function GoogleSignInButton({ authorizationEndpoint, clientId, redirectUri, scope }: GoogleSignInProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function start() {
    setPending(true);
    setError(undefined);
    try {
      const verifier = randomToken();
      const state = randomToken();
      keepPendingSignIn({ verifier, state });
      const url = new URL(authorizationEndpoint);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", scope);
      url.searchParams.set("state", state);
      url.searchParams.set("nonce", await nonceFor(verifier));
      url.searchParams.set("code_challenge", await codeChallengeFor(verifier));
      url.searchParams.set("code_challenge_method", "S256");
      url.searchParams.set("prompt", "select_account");
      window.location.assign(url.toString());
    } catch {
      // sessionStorage or Web Crypto missing (private modes, very old browsers).
      setError("This browser cannot start Google sign-in. Please log in with your e-mail and password.");
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={error} />
      <button
        type="button"
        onClick={() => void start()}
        disabled={pending}
        className="flex h-12 items-center justify-center gap-3 rounded-full border border-line bg-white text-base font-semibold text-ink hover:bg-canvas disabled:cursor-wait disabled:opacity-70"
      >
        <GoogleMark />
        {pending ? "Opening Google…" : "Continue with Google"}
      </button>
    </div>
  );
}

/** Shown when Google sign-in is configured but its issuer cannot be reached right now. */
export function GoogleSignInUnavailable() {
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        disabled
        aria-describedby="google-unavailable"
        className="flex h-12 items-center justify-center gap-3 rounded-full border border-line bg-white text-base font-semibold text-ink-soft opacity-70"
      >
        <GoogleMark />
        Continue with Google
      </button>
      <p id="google-unavailable" className="text-center text-sm text-ink-soft">
        Google sign-in is not available right now. Please try again later, or log in with your password.
      </p>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z" />
      <path fill="#FBBC05" d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6.1z" />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.9 2.3-8.4 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.8 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
