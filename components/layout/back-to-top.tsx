"use client";

import { UI } from "@/lib/config/store";
import { prefersReducedMotion } from "@/lib/display/motion";
import { useScrollPast } from "@/lib/hooks/use-scroll-past";
import { ArrowUpIcon } from "@/components/ui/icons";

/**
 * Appears once the page is scrolled past `threshold` pixels and glides back to the top (jumps, for a visitor who asked for less motion). Beside the
 * chat button on a phone (one low strip the footer keeps free), above it on a desk.
 */
export function BackToTop({ threshold = UI.backToTopThreshold }: { threshold?: number }) {
  const visible = useScrollPast(threshold);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" })}
      className="fixed bottom-[1.375rem] right-[5.25rem] z-30 inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-white text-brand-700 shadow-card hover:bg-brand-50 desk:bottom-24 desk:right-6"
    >
      <ArrowUpIcon />
    </button>
  );
}
