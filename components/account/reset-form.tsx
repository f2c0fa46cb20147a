"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useSetAtom } from "jotai";
import { callApi } from "@/lib/api/client";
import { ROUTES } from "@/lib/config/routes";
import { resetBodySchema, resetResponseSchema } from "@/lib/schemas/auth";
import { showAlertAtom } from "@/lib/state/notices";
import { Field } from "./field";
import { FormAlert } from "@/components/ui/form-alert";
import { SubmitButton } from "./form-parts";
import { errorsFromFailure, toFormErrors, type FormErrors } from "./form-helpers";
import { CodeField, EmailCodeField } from "./email-code-field";

const FIELDS = ["email", "code", "password"] as const;

export function ResetForm() {
  const [errors, setErrors] = useState<FormErrors<(typeof FIELDS)[number]>>({});
  const [pending, setPending] = useState(false);
  const showAlert = useSetAtom(showAlertAtom);
  const router = useRouter();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = resetBodySchema.safeParse({
      email: data.get("email"),
      code: String(data.get("code") ?? "").trim(),
      password: data.get("password"),
    });
    if (!parsed.success) {
      setErrors(toFormErrors(FIELDS, parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await callApi("post", "ulogin/reset", resetResponseSchema, { json: parsed.data, allowAnonymous: true });
      showAlert({ tone: "success", message: "Your password is changed. Please log in with the new one." });
      router.push(ROUTES.login);
    } catch (error) {
      setErrors(errorsFromFailure(FIELDS, error));
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
      <FormAlert message={errors.form} />
      <EmailCodeField purpose="reset" idPrefix="reset" error={errors.email} onErrors={(found) => setErrors(found)} />
      <CodeField idPrefix="reset" error={errors.code} />
      <Field
        id="reset-password"
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters. Every device signed in to your account will be signed out."
        required
        error={errors.password}
      />
      <SubmitButton pending={pending} label="Set new password" pendingLabel="Saving…" />
    </form>
  );
}
