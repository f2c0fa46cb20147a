import { formatOrderDateTime } from "@/lib/display/order-display";

export interface TimelineStep {
  title: string;
  /** ISO time of the step. */
  at: string;
  note?: string | null;
}

/** What happened to a record (an order, an after-sale request), oldest first, the newest marked. */
export function Timeline({ label, steps }: { label: string; steps: readonly TimelineStep[] }) {
  return (
    <ol className="relative flex flex-col gap-5 border-l-2 border-line pl-5" aria-label={label}>
      {steps.map((step, index) => (
        <li key={`${step.title}-${step.at}-${index}`} className="relative">
          <span
            aria-hidden="true"
            className={`absolute -left-[27px] top-1 h-3 w-3 rounded-full ring-4 ring-white ${
              index === steps.length - 1 ? "bg-brand-600" : "bg-brand-300"
            }`}
          />
          <p className="font-medium text-ink">{step.title}</p>
          <p className="text-sm text-ink-muted">
            <time dateTime={step.at}>{formatOrderDateTime(step.at)}</time>
          </p>
          {step.note ? <p className="mt-1 text-sm text-ink-soft">{step.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
