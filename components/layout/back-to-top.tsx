"use client";

import { UI } from "@/lib/config/store";
import { useScrollPast } from "@/lib/hooks/use-scroll-past";
import { ArrowUpIcon } from "@/components/ui/icons";

/**
 * Appears once the page is scrolled past `threshold` pixels and glides back to the top. Beside the
 * chat button on a phone (one low strip the footer keeps free), above it on a desk.
 */
export function BackToTop({ threshold = UI.backToTopThreshold }: { threshold?: number }) {
  const visible = useScrollPast(threshold);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
      }}
      className="fixed bottom-[1.375rem] right-[5.25rem] z-30 inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-white text-brand-700 shadow-card hover:bg-brand-50 desk:bottom-24 desk:right-6"
    >
      <ArrowUpIcon />
    </button>
  );
}
