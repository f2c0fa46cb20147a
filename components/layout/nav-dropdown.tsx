"use client";

import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { useDismiss } from "@/lib/hooks/use-dismiss";
import { ShopLink } from "@/components/ui/shop-link";
import { ChevronDownIcon } from "@/components/ui/icons";
import type { NavLink } from "./nav-items";

interface NavDropdownProps {
  label: ReactNode;
  /** Accessible name when the label is an icon. */
  ariaLabel?: string;
  links: readonly NavLink[];
  /** Extra rows after the links (for example a Logout button); activating one closes the menu. */
  footer?: ReactNode;
  align?: "start" | "end";
  showChevron?: boolean;
  buttonClassName?: string;
}

/**
 * A disclosure menu (button + list of links), the pattern WAI recommends for site navigation.
 * Opens on click, Enter or Space; Escape, a click outside or tabbing away closes it.
 */
export function NavDropdown({ label, ariaLabel, links, footer, align = "start", showChevron = true, buttonClassName }: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((options?: { restoreFocus: boolean }) => {
    setOpen(false);
    if (options?.restoreFocus) buttonRef.current?.focus();
  }, []);
  useDismiss(open, containerRef, close);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
        className={
          buttonClassName ??
          "inline-flex h-11 items-center gap-1 rounded-md px-3 text-[15px] font-medium text-ink hover:bg-brand-50 hover:text-brand-700"
        }
      >
        {label}
        {showChevron ? <ChevronDownIcon width={16} height={16} className={`transition-transform ${open ? "rotate-180" : ""}`} /> : null}
      </button>
      <div
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest("a, button")) close();
        }}
        className={`absolute top-full z-50 mt-2 min-w-52 rounded-xl border border-line bg-white p-2 shadow-card ${
          align === "end" ? "right-0" : "left-0"
        }`}
      >
        <ul className="flex flex-col">
          {links.map((link) => (
            <li key={link.href + link.label}>
              <ShopLink
                href={link.href}
                className="flex min-h-11 items-center rounded-lg px-3 py-2 text-[15px] text-ink hover:bg-brand-50 hover:text-brand-700"
              >
                {link.label}
              </ShopLink>
            </li>
          ))}
          {footer}
        </ul>
      </div>
    </div>
  );
}
