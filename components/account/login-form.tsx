"use client";

import { useState, type FormEvent } from "react";
import { callApi } from "@/lib/api/client";
import { loginBodySchema } from "@/lib/schemas/auth";
import type { User } from "@/lib/schemas/user";
import { Field } from "./field";
import { FormAlert, SubmitButton } from "./form-parts";
import { errorsFromFailure, toFormErrors, useFinishSignIn, type FormErrors } from "./form-helpers";

const FIELDS = ["email", "password"] as const;

export function LoginForm() {
  const [errors, setErrors] = useState<FormErrors<(typeof FIELDS)[number]>>({});
  const [pending, setPending] = useState(false);
  const finish = useFinishSignIn();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = loginBodySchema.safeParse({ email: data.get("email"), password: data.get("password") });
    if (!parsed.success) {
      setErrors(toFormErrors(FIELDS, parsed.error.issues));
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
      await finish(result.user);
    } catch (error) {
      setErrors(errorsFromFailure(FIELDS, error));
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
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
