"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { FormAlert } from "@/components/ui/form-alert";
import { unsubscribeFromReminders } from "@/lib/api/filter-shipments";
import { ROUTES } from "@/lib/config/routes";

/** The unsubscribe page's question and button; the answer replaces them once the call succeeds. */
export function UnsubscribeConfirm({ token, email, subscribed }: { token: string; email: string; subscribed: boolean }) {
  const [done, setDone] = useState(!subscribed);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  async function unsubscribe() {
    setPending(true);
    setError(undefined);
    try {
      await unsubscribeFromReminders(token);
      setDone(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Something went wrong. Please try again.");
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div className="flex flex-col items-start gap-4" role="status">
        <p className="text-ink">
          <span className="font-medium">{email}</span> gets no more reminder e-mails.
        </p>
        <p className="text-ink-soft">Changed your mind? Turn reminders back on from your account page.</p>
        <ButtonLink href={ROUTES.account} variant="secondary">
          Go to my account
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-ink">
        Stop sending reminder e-mails to <span className="font-medium">{email}</span>?
      </p>
      <FormAlert message={error} />
      <Button className="h-12 px-6" disabled={pending} onClick={() => void unsubscribe()}>
        Unsubscribe from reminders
      </Button>
    </div>
  );
}
