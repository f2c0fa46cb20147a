"use client";

import type { FormEvent } from "react";
import { loginBodySchema } from "@/lib/schemas/auth";
import { Field } from "./field";
import { FormAlert } from "@/components/ui/form-alert";
import { SubmitButton } from "./form-parts";
import { useSignInForm } from "./form-helpers";

const FIELDS = ["email", "password"] as const;

/** `link`: the token of a sign-in link from the account's e-mail, when the page was opened from one. */
export function LoginForm({ link }: { link?: string | undefined }) {
  const { errors, pending, submit } = useSignInForm(FIELDS, "ulogin/login");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void submit(loginBodySchema.safeParse({ email: data.get("email"), password: data.get("password"), link }));
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {link ? (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-ink">
          You opened the sign-in link from your e-mail. Enter your e-mail and password to sign in.
        </p>
      ) : null}
      <FormAlert message={errors.form} />
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
      <SubmitButton pending={pending} label="Log in" pendingLabel="Logging in…" />
    </form>
  );
}
