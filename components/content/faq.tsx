import { ChevronDownIcon } from "@/components/ui/icons";
import { TextLink } from "./text-link";

import type { FaqItem } from "@/lib/content/faq";

export type { FaqItem };

/**
 * Questions that open and close with no JavaScript: native <details>/<summary>, which browsers
 * make keyboard-operable (Enter/Space) and announce as expandable.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="max-w-3xl space-y-3">
      {items.map((item) => (
        <details key={item.id} id={item.id} className="group scroll-mt-24 rounded-2xl border border-line bg-white shadow-card">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-base font-semibold text-ink hover:text-brand-700 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDownIcon className="h-5 w-5 shrink-0 text-brand-700 transition-transform duration-200 group-open:rotate-180" />
          </summary>
          <div className="space-y-3 px-5 pb-5 text-[15px] leading-relaxed text-ink-soft">
            <p>{item.answer}</p>
            {item.link ? (
              <p>
                <TextLink href={item.link.href}>{item.link.label}</TextLink>
              </p>
            ) : null}
          </div>
        </details>
      ))}
    </div>
  );
}

/** schema.org FAQPage data for the questions shown on the page. */
export function faqPageJsonLd(items: readonly FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export { JsonLd } from "@/components/ui/json-ld";
