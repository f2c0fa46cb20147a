"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { useSetAtom } from "jotai";
import { callApi } from "@/lib/api/client";
import { ROUTES } from "@/lib/config/routes";
import type { GoogleExchangeBody } from "@/lib/schemas/oidc";
import { signedInResponseSchema, type User } from "@/lib/schemas/user";
import { showAlertAtom } from "@/lib/state/notices";
import { ShopLink } from "@/components/ui/shop-link";
import { buttonClass } from "@/components/ui/button";
import { useFinishSignIn } from "./form-helpers";
import { FormAlert } from "@/components/ui/form-alert";
import { takePendingSignIn, type PendingGoogleSignIn } from "./google-sign-in-state";

const CANCELLED = "You cancelled the Google sign-in. Log in with Google again, or with your e-mail and password.";
const ISSUER_REFUSED = "Google could not sign you in. Please try again, or log in with your e-mail and password.";
const NOT_THIS_TAB =
  "This Google sign-in was not started in this browser tab, or it was already finished. Please start again from the login page.";

/** Exchanges the code when the state is the one this tab sent; never calls the API otherwise. */
async function exchange(
  code: string | null,
  state: string | null,
  pending: PendingGoogleSignIn | null,
): Promise<{ user: User } | { error: string }> {
  if (!code || !state || !pending || pending.state !== state) return { error: NOT_THIS_TAB };
  const body: GoogleExchangeBody = {
    code,
    // The address the issuer sent the visitor back to, which is the redirect_uri of the request.
    redirectUri: `${window.location.origin}${window.location.pathname}`,
    codeVerifier: pending.verifier,
  };
  try {
    const result = await callApi("post", "ulogin/google/exchange/token", signedInResponseSchema, { json: body, allowAnonymous: true });
    return { user: result.user };
  } catch (failure) {
    return { error: failure instanceof Error ? failure.message : ISSUER_REFUSED };
  }
}

/**
 * The issuer's redirect lands here with `code` and `state` (or `error`). The state must be the one
 * this tab sent; only then is the code exchanged for a session, and the visitor goes back to the
 * page they came from.
 */
export function GoogleCallback() {
  const params = useSearchParams();
  const router = useRouter();
  const finish = useFinishSignIn("google");
  const showAlert = useSetAtom(showAlertAtom);
  const [error, setError] = useState<string | null>(null);
  // React may run the effect twice in development; a code can be exchanged only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takePendingSignIn();
    const issuerError = params.get("error");
    if (issuerError) {
      showAlert({ tone: "error", message: issuerError === "access_denied" ? CANCELLED : ISSUER_REFUSED });
      router.replace(ROUTES.login);
      return;
    }
    void exchange(params.get("code"), params.get("state"), pending).then(async (outcome) => {
      if ("user" in outcome) await finish(outcome.user);
      else setError(outcome.error);
    });
  }, [params, router, finish, showAlert]);

  if (error) {
    return (
      <div className="flex flex-col gap-5">
        <FormAlert message={error} />
        <ShopLink href={ROUTES.login} className={buttonClass("primary", "flex h-12 items-center justify-center text-base")}>
          Back to log in
        </ShopLink>
      </div>
    );
  }
  return <SigningIn />;
}

export function SigningIn() {
  return (
    <p role="status" className="text-base text-ink-soft">
      Signing you in with Google…
    </p>
  );
}
