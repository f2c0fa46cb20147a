import type { ReactNode } from "react";
import { CheckIcon, CloseIcon } from "@/components/ui/icons";

/** A list with a tick (or a cross, for exclusions) before each item. */
export function CheckList({ items, tone = "yes" }: { items: readonly ReactNode[]; tone?: "yes" | "no" }) {
  const Icon = tone === "yes" ? CheckIcon : CloseIcon;
  return (
    <ul className="space-y-3 text-[15px] leading-relaxed text-ink-soft">
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${tone === "yes" ? "text-leaf-600" : "text-ink-muted"}`} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
