"use client";

import { useEffect } from "react";
import { useAtomValue, useSetAtom } from "jotai";
import { UI } from "@/lib/config/store";
import {
  alertsAtom,
  dismissAlertAtom,
  dismissToastAtom,
  showAlertAtom,
  showToastAtom,
  takeKeptAlert,
  takeKeptToasts,
  toastsAtom,
  type Notice,
  type NoticeTone,
} from "@/lib/state/notices";
import { CloseIcon } from "@/components/ui/icons";

const toneClass: Record<NoticeTone, string> = {
  success: "border-leaf-500 bg-leaf-50 text-leaf-700",
  error: "border-red-300 bg-red-50 text-red-800",
  info: "border-brand-200 bg-brand-50 text-brand-800",
};

function AutoHide({ notice, ms, dismiss }: { notice: Notice; ms: number; dismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(notice.id), ms);
    return () => window.clearTimeout(timer);
  }, [notice.id, ms, dismiss]);
  return null;
}

/** Alerts: a stack at the top right (full width on phones), each gone after 3000 ms. */
export function Alerts() {
  const alerts = useAtomValue(alertsAtom);
  const dismiss = useSetAtom(dismissAlertAtom);
  const show = useSetAtom(showAlertAtom);
  useEffect(() => {
    const kept = takeKeptAlert();
    if (kept) show(kept);
  }, [show]);
  return (
    <div
      aria-live="assertive"
      className="pointer-events-none fixed inset-x-3 top-20 z-[70] flex flex-col items-end gap-2 desk:left-auto desk:right-6 desk:w-96"
    >
      {alerts.map((alert) => (
        <div
          key={alert.id}
          role="alert"
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-card ${toneClass[alert.tone]}`}
        >
          <AutoHide notice={alert} ms={UI.alertMs} dismiss={dismiss} />
          <p className="flex-1">{alert.message}</p>
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(alert.id)} className="-m-1 rounded p-1 hover:bg-black/5">
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      ))}
    </div>
  );
}

/** Toasts: short confirmations at the top centre, under the top bar (never over its controls), each gone after 3000 ms. */
export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const show = useSetAtom(showToastAtom);
  useEffect(() => {
    for (const kept of takeKeptToasts()) show(kept);
  }, [show]);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-[75] flex flex-col items-center gap-2 px-3">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className={`pointer-events-auto rounded-full border px-4 py-2 text-sm font-medium shadow-card ${toneClass[toast.tone]}`}
        >
          <AutoHide notice={toast} ms={UI.toastMs} dismiss={dismiss} />
          {toast.message}
        </div>
      ))}
    </div>
  );
}
