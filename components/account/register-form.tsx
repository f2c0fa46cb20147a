"use client";

import type { FormEvent } from "react";
import { registerBodySchema } from "@/lib/schemas/auth";
import { Field } from "./field";
import { FormAlert } from "@/components/ui/form-alert";
import { SubmitButton } from "./form-parts";
import { useSignInForm } from "./form-helpers";
import { CodeField, EmailCodeField } from "./email-code-field";

const FIELDS = ["email", "code", "password", "username"] as const;

export function RegisterForm() {
  const { errors, setErrors, pending, submit } = useSignInForm(FIELDS, "ulogin/register");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get("username") ?? "").trim();
    void submit(
      registerBodySchema.safeParse({
        email: data.get("email"),
        code: String(data.get("code") ?? "").trim(),
        password: data.get("password"),
        ...(username ? { username } : {}),
      }),
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormAlert message={errors.form} />
      <EmailCodeField purpose="register" idPrefix="register" error={errors.email} onErrors={(found) => setErrors(found)} />
      <CodeField idPrefix="register" error={errors.code} />
      <Field
        id="register-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters. A few words you will remember work well."
        required
        error={errors.password}
      />
      <Field id="register-username" name="username" label="Name (optional)" autoComplete="name" error={errors.username} />
      <SubmitButton pending={pending} label="Create account" pendingLabel="Creating your account…" />
    </form>
  );
}
