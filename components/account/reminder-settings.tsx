"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { FormAlert } from "@/components/ui/form-alert";
import { fetchReminderSettings, reminderSettingsQueryKey, saveReminderSettings } from "@/lib/api/filter-shipments";
import { showToastAtom } from "@/lib/state/notices";

/**
 * The reminders list, on or off: filter-due and plan-ending e-mails. A customer who unsubscribed
 * from a reminder's link turns them back on here. Order e-mails are not affected either way.
 */
export function ReminderSettings() {
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const query = useQuery({ queryKey: reminderSettingsQueryKey, queryFn: fetchReminderSettings });
  const save = useMutation({
    mutationFn: saveReminderSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(reminderSettingsQueryKey, settings);
      showToast({ tone: "success", message: settings.subscribed ? "Reminders are on." : "Reminders are off." });
    },
  });
  if (query.isError) return <FormAlert message={query.error.message} />;
  const subscribed = save.isPending ? save.variables : query.data?.subscribed;
  return (
    <div className="flex flex-col gap-3">
      <label className="flex min-h-11 items-start gap-3 text-[15px] text-ink">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          checked={subscribed ?? false}
          disabled={query.isPending || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
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
