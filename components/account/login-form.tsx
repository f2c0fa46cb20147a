"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { deleteCookie, getCookie } from "cookies-next/client";
import { callApi } from "@/lib/api/client";
import { ApiError } from "@/lib/api/envelope";
import { profileQueryKey } from "@/lib/api/session";
import { COOKIES } from "@/lib/config/store";
import { ROUTES } from "@/lib/config/routes";
import { safeReturnPath } from "@/lib/return-path";
import { loginBodySchema } from "@/lib/schemas/auth";
import type { User } from "@/lib/schemas/user";
import { hasSessionAtom, usernameAtom } from "@/lib/state/atoms";
import { Field } from "./field";

type Errors = Partial<Record<"email" | "password" | "form", string>>;

function errorsFrom(issues: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path === "email" || issue.path === "password" ? issue.path : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

export function LoginForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const setHasSession = useSetAtom(hasSessionAtom);
  const setUsername = useSetAtom(usernameAtom);
  const queryClient = useQueryClient();
  const router = useRouter();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = loginBodySchema.safeParse({ email: data.get("email"), password: data.get("password") });
    if (!parsed.success) {
      setErrors(errorsFrom(parsed.error.issues.map((issue) => ({ path: String(issue.path[0] ?? ""), message: issue.message }))));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const result = await callApi<{ token: string; user: User }>("post", "ulogin/login", {
        json: parsed.data,
        quiet: true,
        allowAnonymous: true,
      });
      setHasSession(true);
      setUsername(result.user.username ?? result.user.email);
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      const back = safeReturnPath(getCookie(COOKIES.loginReturnPath)?.toString());
      deleteCookie(COOKIES.loginReturnPath, { path: "/" });
      router.replace(back && !back.startsWith(ROUTES.login) ? back : ROUTES.home);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) setErrors(errorsFrom(error.errors));
      else setErrors({ form: error instanceof Error ? error.message : "Login failed. Please try again." });
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      {errors.form ? (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {errors.form}
        </p>
      ) : null}
      <Field id="login-email" name="email" type="email" label="E-mail" autoComplete="email" required error={errors.email} />
      <Field
        id="login-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <button
        type="submit"
        disabled={pending}
        className="h-12 rounded-full bg-brand-600 text-base font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:bg-brand-300"
      >
        {pending ? "Logging in…" : "Log in"}
      </button>
    </form>
  );
}
