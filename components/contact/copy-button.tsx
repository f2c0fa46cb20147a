"use client";

import { useSetAtom } from "jotai";
import { showToastAtom } from "@/lib/state/notices";

/** Copies a value (the support e-mail) and confirms with a toast. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const showToast = useSetAtom(showToastAtom);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ tone: "success", message: `${label} copied` });
    } catch {
      showToast({ tone: "error", message: `Could not copy. Select the ${label.toLowerCase()} and copy it by hand.` });
    }
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-medium text-brand-700 hover:bg-brand-50"
    >
      Copy
      <span className="sr-only"> {label.toLowerCase()}</span>
    </button>
  );
}
