"use client";

import { useEffect, useState } from "react";
import { callApi } from "@/lib/api/client";
import { emailField } from "@/lib/schemas/auth";
import { Field } from "./field";
import { errorsFromFailure, type FormErrors } from "./form-helpers";

/** Seconds left until `until` (a timestamp), ticking while it runs; 0 when it has passed. */
function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

interface EmailCodeFieldProps {
  purpose: "register" | "reset";
  idPrefix: string;
  error: string | undefined;
  /** Where problems of sending go: under the e-mail field, or on the form. */
  onErrors: (errors: FormErrors<"email">) => void;
}

/** The e-mail field with "Send code", which then counts down the wait before a resend. */
export function EmailCodeField({ purpose, idPrefix, error, onErrors }: EmailCodeFieldProps) {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);

  async function send(form: HTMLFormElement) {
    const email = emailField.safeParse(new FormData(form).get("email"));
    if (!email.success) {
      onErrors({ email: email.error.issues[0]?.message ?? "Enter a valid e-mail address." });
      return;
    }
    onErrors({});
    setSending(true);
    try {
      const result = await callApi<{ sent: true; resendAfter: number }>("post", "ulogin/send/code", {
        json: { email: email.data, purpose },
        quiet: true,
        allowAnonymous: true,
      });
      setSentTo(email.data);
      setResendAt(Date.now() + result.resendAfter * 1000);
    } catch (failure) {
      onErrors(errorsFromFailure(["email"] as const, failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Field id={`${idPrefix}-email`} name="email" type="email" label="E-mail" autoComplete="email" required error={error} />
      <button
        type="button"
        disabled={sending || secondsLeft > 0}
        onClick={(event) => {
          if (event.currentTarget.form) void send(event.currentTarget.form);
        }}
        className="h-11 self-start rounded-full border border-brand-600 px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-line disabled:text-ink-muted"
      >
        {sending ? "Sending…" : secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : sentTo ? "Resend code" : "Send code"}
      </button>
      <p role="status" className="text-sm text-ink-soft">
        {sentTo
          ? purpose === "register"
            ? `We sent a 6-digit code to ${sentTo}. It is valid for 10 minutes.`
            : `If ${sentTo} has an account, we sent it a 6-digit code. It is valid for 10 minutes.`
          : ""}
      </p>
    </div>
  );
}

/** The 6-digit code from the e-mail. */
export function CodeField({ idPrefix, error }: { idPrefix: string; error: string | undefined }) {
  return (
    <Field
      id={`${idPrefix}-code`}
      name="code"
      label="Code from the e-mail"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      error={error}
    />
  );
}
