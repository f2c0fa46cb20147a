"use client";

import { useMutation } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useState } from "react";
import { FormAlert } from "@/components/ui/form-alert";
import { saveReminderSettings } from "@/lib/api/filter-shipments";
import type { ReminderSettings as Settings } from "@/lib/schemas/filter-shipments";
import { showToastAtom } from "@/lib/state/notices";

/**
 * The reminders list, on or off: filter-due and plan-ending e-mails. A customer who unsubscribed
 * from a reminder's link turns them back on here. Order e-mails are not affected either way.
 * The page renders the current setting on the server, so opening the page makes no call of its own.
 */
export function ReminderSettings({ initial }: { initial: Settings }) {
  const showToast = useSetAtom(showToastAtom);
  // Set in the click's own event: a controlled box that waited for the call would be put back by
  // React until the answer came.
  const [subscribed, setSubscribed] = useState(initial.subscribed);
  const save = useMutation({
    mutationFn: saveReminderSettings,
    onSuccess: (settings) => {
      setSubscribed(settings.subscribed);
      showToast({ tone: "success", message: settings.subscribed ? "Reminders are on." : "Reminders are off." });
    },
    onError: (_error, wanted) => setSubscribed(!wanted),
  });
  return (
    <div className="flex flex-col gap-3">
      <label className="flex min-h-11 items-start gap-3 text-[15px] text-ink">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          checked={subscribed}
          disabled={save.isPending}
          onChange={(event) => {
            setSubscribed(event.target.checked);
            save.mutate(event.target.checked);
          }}
        />
        <span>
          E-mail me reminders: when a filter of my purifier is due, and before a care plan ends.
          <span className="block text-sm text-ink-soft">Order and account e-mails are always sent.</span>
        </span>
      </label>
      <FormAlert message={save.error?.message} />
    </div>
  );
}
