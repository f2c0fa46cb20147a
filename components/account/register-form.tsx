"use client";

import { useEffect, useState, type FormEvent } from "react";
import { callApi } from "@/lib/api/client";
import { emailField, registerBodySchema } from "@/lib/schemas/auth";
import { Field } from "./field";
import { FormAlert, SubmitButton } from "./form-parts";
import { errorsFromFailure, useSignInForm } from "./form-helpers";

const FIELDS = ["email", "code", "password", "username"] as const;

/** Seconds left until `until` (a timestamp), ticking once a second; 0 when it has passed. */
function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

export function RegisterForm() {
  const { errors, setErrors, pending, submit } = useSignInForm(FIELDS, "ulogin/register");
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);

  async function sendCode(form: HTMLFormElement) {
    const email = emailField.safeParse(new FormData(form).get("email"));
    if (!email.success) {
      setErrors({ email: email.error.issues[0]?.message ?? "Enter a valid e-mail address." });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const result = await callApi<{ sent: true; resendAfter: number }>("post", "ulogin/send/code", {
        json: { email: email.data, purpose: "register" },
        quiet: true,
        allowAnonymous: true,
      });
      setSentTo(email.data);
      setResendAt(Date.now() + result.resendAfter * 1000);
    } catch (error) {
      setErrors(errorsFromFailure(FIELDS, error));
    } finally {
      setSending(false);
    }
  }

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
      <div className="flex flex-col gap-2">
        <Field id="register-email" name="email" type="email" label="E-mail" autoComplete="email" required error={errors.email} />
        <button
          type="button"
          disabled={sending || secondsLeft > 0}
          onClick={(event) => {
            if (event.currentTarget.form) void sendCode(event.currentTarget.form);
          }}
          className="h-11 self-start rounded-full border border-brand-600 px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-line disabled:text-ink-muted"
        >
          {sending ? "Sending…" : secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : sentTo ? "Resend code" : "Send code"}
        </button>
        <p role="status" className="text-sm text-ink-soft">
          {sentTo ? `We sent a 6-digit code to ${sentTo}. It is valid for 10 minutes.` : ""}
        </p>
      </div>
      <Field
        id="register-code"
        name="code"
        label="Code from the e-mail"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        error={errors.code}
      />
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
