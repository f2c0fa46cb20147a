"use client";

import { useState } from "react";
import type { z } from "zod";
import { callApi } from "@/lib/api/client";
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { deleteCookie, getCookie } from "cookies-next/client";
import { ApiError } from "@/lib/api/envelope";
import { profileQueryKey } from "@/lib/api/session-sync";
import { COOKIES } from "@/lib/config/store";
import { ROUTES } from "@/lib/config/routes";
import { takePurchaseIntent } from "@/lib/visitor/purchase-intent";
import { safeReturnPath } from "@/lib/visitor/return-path";
import { signedInResponseSchema, type User } from "@/lib/schemas/user";
import { hasSessionAtom, usernameAtom } from "@/lib/state/atoms";
import { keepAlertForNextPage, keepToastsForNextPage } from "@/lib/state/notices";

export type FormErrors<F extends string> = Partial<Record<F | "form", string>>;

/** Field errors from zod issues or the API's `errors`, the first message per field. */
export function toFormErrors<F extends string>(
  fields: readonly F[],
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const issue of issues) {
    const name = typeof issue.path === "string" ? issue.path : String(issue.path[0] ?? "");
    const key = (fields as readonly string[]).includes(name) ? (name as F) : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** What a failed call shows: its field errors where it names fields, else its message on the form. */
export function errorsFromFailure<F extends string>(fields: readonly F[], error: unknown): FormErrors<F> {
  if (error instanceof ApiError && error.errors.length > 0) return toFormErrors(fields, error.errors);
  return { form: error instanceof Error ? error.message : "Something went wrong. Please try again." } as FormErrors<F>;
}

/** What the page after signing in says, as a toast: the sign-in itself otherwise goes unnoticed. */
export const SIGNED_IN_MESSAGES = {
  login: "You are logged in.",
  register: "Your account is created and you are logged in.",
  google: "You are logged in with Google.",
} as const;

export type SignInKind = keyof typeof SIGNED_IN_MESSAGES;

/**
 * After a login or registration: mirror the session, carry out the Add to cart or Buy now the
 * visitor pressed before (lib/visitor/purchase-intent.ts), then go back where they came from (or on to the
 * payment page for Buy now), where toasts say what happened.
 */
export function useFinishSignIn(kind: SignInKind) {
  const setHasSession = useSetAtom(hasSessionAtom);
  const setUsername = useSetAtom(usernameAtom);
  const queryClient = useQueryClient();
  return async (user: User) => {
    setHasSession(true);
    setUsername(user.username ?? user.email);
    await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    const back = safeReturnPath(getCookie(COOKIES.loginReturnPath)?.toString());
    deleteCookie(COOKIES.loginReturnPath, { path: "/" });
    const authPage = [ROUTES.login, ROUTES.register, ROUTES.resetPassword].some((page) => back?.startsWith(page));
    let destination = back && !authPage ? back : ROUTES.home;
    const toasts: { tone: "success" | "error"; message: string }[] = [{ tone: "success", message: SIGNED_IN_MESSAGES[kind] }];
    const intent = takePurchaseIntent(authPage ? null : back);
    if (intent) {
      const { resumePurchase } = await import("@/components/catalog/buy-actions");
      const resumed = await resumePurchase(intent);
      destination = resumed.destination ?? destination;
      if (resumed.notice?.tone === "error") keepAlertForNextPage(resumed.notice);
      else if (resumed.notice) toasts.push(resumed.notice);
    }
    keepToastsForNextPage(toasts);
    // A full page load, not router.replace: a visitor who followed an in-site link to a protected
    // page met the middleware's redirect during a client-side navigation, and the client router
    // would replay that redirect to the login page instead of asking the server again.
    window.location.replace(destination);
  };
}

type Parsed = { success: true; data: unknown } | { success: false; error: z.ZodError };

/**
 * The submit of the login and registration forms: errors from the schema go under their fields,
 * the call runs with the button disabled, and success signs the visitor in.
 */
export function useSignInForm<F extends string>(fields: readonly F[], path: "ulogin/login" | "ulogin/register") {
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [pending, setPending] = useState(false);
  const finish = useFinishSignIn(path === "ulogin/register" ? "register" : "login");

  async function submit(parsed: Parsed) {
    if (!parsed.success) {
      setErrors(toFormErrors(fields, parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const result = await callApi("post", path, signedInResponseSchema, { json: parsed.data, allowAnonymous: true });
      await finish(result.user);
    } catch (error) {
      setErrors(errorsFromFailure(fields, error));
      setPending(false);
    }
  }

  return { errors, setErrors, pending, submit };
}
