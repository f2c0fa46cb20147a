"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { pillClass } from "@/components/ui/pill";
import { ROUTES } from "@/lib/config/routes";

const SECTIONS = [
  { href: ROUTES.console, label: "Overview" },
  { href: ROUTES.consoleOrders, label: "Orders" },
  { href: ROUTES.consoleAfterSale, label: "After-sale" },
  { href: ROUTES.consoleCatalogue, label: "Catalogue" },
  { href: ROUTES.consolePlans, label: "Plans" },
  { href: ROUTES.consolePurifiers, label: "Purifiers" },
  { href: ROUTES.consoleVerification, label: "Verification" },
  { href: ROUTES.consoleFilterShipments, label: "Filter shipments" },
  { href: ROUTES.consoleReferrals, label: "Referrals" },
  { href: ROUTES.consoleSearches, label: "Searches" },
] as const;

/**
 * The console's own sections; the current one is marked for screen readers and by colour. Not
 * prefetched: each is rendered per request for the operator, and a prefetch still in flight when the
 * operator logs out comes back as the login redirect, which took the browser to the login page
 * instead of home.
 */
export function ConsoleNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Operator console">
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {SECTIONS.map((section) => {
          // The overview is the console's root: every other section is under its address too.
          const active = pathname === section.href || (section.href !== ROUTES.console && pathname.startsWith(`${section.href}/`));
          return (
            <li key={section.href} className="shrink-0">
              <Link href={section.href} prefetch={false} aria-current={active ? "page" : undefined} className={pillClass(active)}>
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
