import { PURIFIER_SKU } from "@/lib/config/store";
import { ROUTES, productPath } from "@/lib/config/routes";

// The top bar's menus, shared by the desktop bar and the hamburger menu so both stay the same.

export interface NavLink {
  label: string;
  href: string;
}

export interface NavGroup {
  label: string;
  links: readonly NavLink[];
}

export type NavEntry = NavGroup | NavLink;

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return "links" in entry;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  {
    label: "Product",
    links: [
      { label: "Water purifier", href: ROUTES.purifier },
      { label: "Care plan", href: ROUTES.care },
      { label: "Repair", href: ROUTES.repair },
      { label: "Store", href: ROUTES.store },
    ],
  },
  { label: "Shop", href: ROUTES.store },
  {
    label: "Service",
    links: [
      { label: "Water purifier plan", href: ROUTES.membership },
      { label: "Care plan", href: ROUTES.care },
    ],
  },
  {
    label: "About",
    links: [
      { label: "About us", href: ROUTES.aboutUs },
      { label: "Policy", href: ROUTES.policy },
      { label: "FAQ", href: ROUTES.faq },
      { label: "Contact us", href: ROUTES.contact },
    ],
  },
];

export const BUY_PURIFIER_HREF = productPath(PURIFIER_SKU);
