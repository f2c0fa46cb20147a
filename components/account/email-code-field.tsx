"use client";

import { Suspense, useEffect, useEffectEvent, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import { callApi } from "@/lib/api/client";
import { ApiError } from "@/lib/api/envelope";
import { Button } from "@/components/ui/button";
import { EMAIL_LINK_PARAM } from "@/lib/config/mail";
import { emailField, emailLinkSchema, sendCodeResponseSchema, type EmailLink } from "@/lib/schemas/auth";
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

const PAGE_NAME: Record<EmailLink["purpose"], string> = {
  register: "the registration page",
  reset: "the password reset page",
};

/**
 * Reads `?link=` (the link in a code e-mail) and asks the server what it says. Apart from the
 * form so that only this part waits for the query string: the page itself is prerendered.
 */
function EmailLinkReader({ onLink, onInvalid }: { onLink: (link: EmailLink) => void; onInvalid: (message: string) => void }) {
  const token = useSearchParams().get(EMAIL_LINK_PARAM);
  const found = useEffectEvent(onLink);
  const invalid = useEffectEvent(onInvalid);
  useEffect(() => {
    if (!token) return;
    let current = true;
    callApi("get", "ulogin/email/parse", emailLinkSchema, { searchParams: { token }, allowAnonymous: true }).then(
      (link) => {
        if (current) found(link);
      },
      (failure: unknown) => {
        if (current) invalid(failure instanceof ApiError ? failure.message : "This link could not be read.");
      },
    );
    return () => {
      current = false;
    };
  }, [token]);
  return null;
}

interface EmailCodeFieldProps {
  purpose: "register" | "reset";
  idPrefix: string;
  error: string | undefined;
  /** Where problems of sending go: under the e-mail field, or on the form. */
  onErrors: (errors: FormErrors<"email">) => void;
}

/**
 * The e-mail field with "Send code", which then counts down the wait before a resend. Opened from
 * the link in a code e-mail, it fills in the address, says the code went there, and puts the
 * focus on the code field.
 */
export function EmailCodeField({ purpose, idPrefix, error, onErrors }: EmailCodeFieldProps) {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fromLink, setFromLink] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendAt);
  const box = useRef<HTMLDivElement>(null);

  function applyLink(link: EmailLink) {
    if (link.purpose !== purpose) {
      onErrors({ form: `This link belongs to ${PAGE_NAME[link.purpose]}. Open it again from the e-mail.` });
      return;
    }
    const fields = box.current?.closest("form")?.elements;
    const emailInput = fields?.namedItem("email");
    if (emailInput instanceof HTMLInputElement) emailInput.value = link.email;
    setSentTo(link.email);
    setFromLink(true);
    const codeInput = fields?.namedItem("code");
    if (codeInput instanceof HTMLInputElement) codeInput.focus();
  }

  async function send(form: HTMLFormElement) {
    const email = emailField.safeParse(new FormData(form).get("email"));
    if (!email.success) {
      onErrors({ email: email.error.issues[0]?.message ?? "Enter a valid e-mail address." });
      return;
    }
    onErrors({});
    setSending(true);
    try {
      const result = await callApi("post", "ulogin/send/code", sendCodeResponseSchema, {
        json: { email: email.data, purpose },
        allowAnonymous: true,
      });
      setSentTo(email.data);
      setFromLink(false);
      setResendAt(Date.now() + result.resendAfter * 1000);
    } catch (failure) {
      onErrors(errorsFromFailure(["email"] as const, failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <div ref={box} className="flex flex-col gap-2">
      <Suspense fallback={null}>
        <EmailLinkReader onLink={applyLink} onInvalid={(message) => onErrors({ form: message })} />
      </Suspense>
      <Field id={`${idPrefix}-email`} name="email" type="email" label="E-mail" autoComplete="email" required error={error} />
      <Button
        variant="secondary"
        disabled={sending || secondsLeft > 0}
        onClick={(event) => {
          if (event.currentTarget.form) void send(event.currentTarget.form);
        }}
        className="h-11 self-start px-5 text-sm disabled:cursor-not-allowed disabled:border-line disabled:text-ink-muted"
      >
        {sending ? "Sending…" : secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : sentTo ? "Resend code" : "Send code"}
      </Button>
      <p role="status" className="text-sm text-ink-soft">
        {sentTo
          ? fromLink
            ? `We sent a 6-digit code to ${sentTo}. Enter it below; it is valid for 10 minutes after sending.`
            : purpose === "register"
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
