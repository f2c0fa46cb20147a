import type { ReactNode } from "react";

/**
 * A visibly unfinished field that the operator must fill before launch (for example the
 * certifications, which the shop must never invent). Dashed and labelled so nobody mistakes it
 * for real content.
 */
export function OperatorNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="max-w-3xl rounded-2xl border-2 border-dashed border-brand-600 bg-white p-6">
      <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">To be completed by Lenwell</p>
      <p className="mt-2 text-lg font-semibold text-ink">{title}</p>
      <div className="mt-3 space-y-3 text-[15px] leading-relaxed text-ink-soft">{children}</div>
    </div>
  );
}
