import { ShopLink } from "@/components/ui/shop-link";
import { Logo } from "@/components/ui/logo";
import { FOOTER_YEAR, STORE_NAME } from "@/lib/config/store";
import { ROUTES } from "@/lib/config/routes";
import { BUY_PURIFIER_HREF } from "./nav-items";

const COLUMNS = [
  {
    title: "Products",
    links: [
      { label: "Water purifier", href: ROUTES.purifier },
      { label: "Buy the RO600", href: BUY_PURIFIER_HREF },
      { label: "Store", href: ROUTES.store },
    ],
  },
  {
    title: "Services",
    links: [
      { label: "Membership", href: ROUTES.membership },
      { label: "Lenwell Care", href: ROUTES.care },
      { label: "Repair service", href: ROUTES.repair },
    ],
  },
  {
    title: "Information",
    links: [
      { label: "About us", href: ROUTES.aboutUs },
      { label: "Privacy, terms and returns", href: ROUTES.policy },
      { label: "FAQ", href: ROUTES.faq },
      { label: "Contact us", href: ROUTES.contact },
    ],
  },
] as const;

export function Footer({ email }: { email: string }) {
  return (
    <footer className="app-hidden border-t border-line bg-canvas">
      <div className="mx-auto grid max-w-page gap-10 px-4 py-12 desk:grid-cols-[1.4fr_repeat(3,1fr)] desk:px-6">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-ink-soft">
            Countertop reverse-osmosis water, filters on schedule, and a service team in Houston.
          </p>
          <a
            href={`mailto:${email}`}
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {email}
          </a>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-ink">{column.title}</h2>
            <ul className="mt-1">
              {column.links.map((link) => (
                <li key={link.href}>
                  <ShopLink
                    href={link.href}
                    className="inline-flex min-h-11 min-w-11 items-center text-sm text-ink-soft hover:text-brand-700"
                  >
                    {link.label}
                  </ShopLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-line">
        {/* On a phone the chat and back-to-top buttons float over the last 72 px: the page ends below them. */}
        <p className="mx-auto max-w-page px-4 pb-24 pt-5 text-sm text-ink-muted desk:px-6 desk:pb-5">
          © {FOOTER_YEAR} {STORE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
