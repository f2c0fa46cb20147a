"use client";

import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { useDismiss } from "@/lib/hooks/use-dismiss";
import { ShopLink } from "@/components/ui/shop-link";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { NAV_ENTRIES, isNavGroup } from "./nav-items";

const rowClass = "block rounded-lg px-3 py-2.5 text-base font-medium text-ink hover:bg-brand-50 hover:text-brand-700";

/** The hamburger menu under 821 px: the same entries as the desktop bar, stacked. */
export function MobileMenu({ dealsLink, search }: { dealsLink: ReactNode; search: ReactNode }) {
  const pathname = usePathname();
  // The menu remembers the page it was opened on, so arriving on another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((options?: { restoreFocus: boolean }) => {
    setOpenOn(null);
    if (options?.restoreFocus) buttonRef.current?.focus();
  }, []);
  useDismiss(open, containerRef, close);

  return (
    <div ref={containerRef} className="desk:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpenOn(open ? null : pathname)}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <nav
        id={panelId}
        aria-label="Main"
        hidden={!open}
        className="fixed inset-x-0 bottom-0 top-16 z-50 overflow-y-auto border-t border-line bg-white px-4 pb-10 pt-3"
      >
        <div className="px-1 pb-3">{search}</div>
        <ul className="flex flex-col gap-1">
          {NAV_ENTRIES.map((entry) =>
            isNavGroup(entry) ? (
              <li key={entry.label} className="py-1">
                <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-ink-muted">{entry.label}</p>
                <ul>
                  {entry.links.map((link) => (
                    <li key={link.href + link.label}>
                      <ShopLink href={link.href} onClick={() => close()} className={rowClass}>
                        {link.label}
                      </ShopLink>
                    </li>
                  ))}
                </ul>
              </li>
            ) : (
              <li key={entry.label}>
                <ShopLink href={entry.href} onClick={() => close()} className={rowClass}>
                  {entry.label}
                </ShopLink>
              </li>
            ),
          )}
          <li className="empty:hidden">{dealsLink}</li>
        </ul>
      </nav>
    </div>
  );
}
