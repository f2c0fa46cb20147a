"use client";

import { Suspense, lazy } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { ShopLink } from "@/components/ui/shop-link";
import { Logo } from "@/components/ui/logo";
import { CartIcon, UserIcon } from "@/components/ui/icons";
import { useIsOperator, useSignedIn } from "@/lib/api/session";
import { formatBadgeCount } from "@/lib/display/badge";
import { LOGGED_OUT_MESSAGE, STORE_NAME, TOP_BAR_CTA_PATHS, UI } from "@/lib/config/store";
import { ROUTES, isTopBarHidden } from "@/lib/config/routes";
import { useScrollPast } from "@/lib/hooks/use-scroll-past";
import { rememberReturnPath } from "@/lib/visitor/login-redirect";
import { withReferral } from "@/lib/visitor/referral";
import { cartCountAtom, cartDrawerOpenAtom, referralCodeAtom, usernameAtom } from "@/lib/state/atoms";
import { showAlertAtom } from "@/lib/state/notices";
import { NavDropdown } from "./nav-dropdown";
import { BUY_PURIFIER_HREF, NAV_ENTRIES, isNavGroup } from "./nav-items";
import { MobileMenu } from "./mobile-menu";
import { SearchSlot } from "@/components/search/search-slot";

// The drawer's code (and Headless UI's) loads only when a customer opens the cart. React.lazy
// rather than next/dynamic: the search field's loader uses it too, and next/dynamic's own code
// (about 1 KB gzip) then stays out of every page's first load.
const CartDrawer = lazy(() => import("@/components/cart/cart-drawer").then((m) => ({ default: m.CartDrawer })));

const navLinkClass =
  "inline-flex h-11 items-center rounded-md px-3 text-[15px] font-medium text-ink hover:bg-brand-50 hover:text-brand-700";
const iconButtonClass =
  "relative inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-50 hover:text-brand-700";

/** Shown only when the address has a `deals` parameter. */
function DealsLink({ className }: { className: string }) {
  const params = useSearchParams();
  if (!params.has("deals")) return null;
  return (
    <ShopLink href={ROUTES.deals} className={className}>
      Deals
    </ShopLink>
  );
}

function accountMenuLabel(signedIn: boolean, username: string | null): string {
  if (!signedIn) return "Account menu";
  // Signed in by the hint cookie, before the profile answer brings the name.
  return username ? `Account menu for ${username}` : "Account menu, signed in";
}

function UserMenu() {
  const hasSession = useSignedIn();
  const username = useAtomValue(usernameAtom);
  const showAlert = useSetAtom(showAlertAtom);
  const router = useRouter();
  const code = useAtomValue(referralCodeAtom);
  const operator = useIsOperator();

  async function logout() {
    const { logOut } = await import("@/lib/api/logout");
    await logOut();
    showAlert({ tone: "success", message: LOGGED_OUT_MESSAGE });
    router.push(withReferral(ROUTES.home, code));
  }

  const links = hasSession
    ? [
        { label: "My Account", href: ROUTES.account },
        { label: "My Orders", href: ROUTES.orders },
        { label: "My Purifiers", href: ROUTES.purifiers },
        { label: "Saved Cards", href: ROUTES.savedCards },
        ...(operator ? [{ label: "Operator console", href: ROUTES.console }] : []),
      ]
    : [
        { label: "Login", href: ROUTES.login },
        { label: "Register", href: ROUTES.register },
      ];

  return (
    <NavDropdown
      label={<UserIcon />}
      ariaLabel={accountMenuLabel(hasSession, username)}
      links={links}
      align="end"
      showChevron={false}
      buttonClassName={iconButtonClass}
      footer={
        hasSession ? (
          <li>
            <button
              type="button"
              onClick={() => void logout()}
              className="flex min-h-11 w-full items-center rounded-lg px-3 py-2 text-left text-[15px] text-ink hover:bg-brand-50 hover:text-brand-700"
            >
              Logout
            </button>
          </li>
        ) : undefined
      }
    />
  );
}

function CartButton() {
  const hasSession = useSignedIn();
  const count = useAtomValue(cartCountAtom);
  const [open, setOpen] = useAtom(cartDrawerOpenAtom);
  const router = useRouter();
  const code = useAtomValue(referralCodeAtom);
  const badge = hasSession ? formatBadgeCount(count) : null;

  function onClick() {
    if (hasSession) {
      setOpen(true);
      return;
    }
    rememberReturnPath();
    router.push(withReferral(ROUTES.login, code));
  }

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        className={iconButtonClass}
        aria-label={badge ? `Cart, ${count} items` : "Cart"}
        aria-haspopup="dialog"
      >
        <CartIcon />
        {badge ? (
          <span
            data-testid="cart-badge"
            aria-hidden="true"
            className="absolute -right-1 -top-1 min-w-5 rounded-full bg-leaf-600 px-1.5 py-0.5 text-center text-[11px] font-semibold leading-none text-white"
          >
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      ) : null}
    </>
  );
}

// Words a phone has no room for: a screen reader still hears the spec's full label, the desk shows it.
const phoneHidden = "sr-only desk:not-sr-only";

// The button classes written out rather than taken from components/ui/button: the top bar is in
// every page's main chunk, and importing the shared module there made Turbopack split that chunk in
// two, +0.4 KB gzip on every page (measured with the bench's first-load script).
// On a 390 px phone the full labels wrapped onto two lines each; there they read "Buy Purifier" and
// "Membership", one line of 14 px text, next to the logo's mark and the menu button.
function SalesButtons() {
  return (
    <div className="flex items-center gap-2">
      <ShopLink
        href={BUY_PURIFIER_HREF}
        className="inline-flex h-11 items-center whitespace-nowrap rounded-full bg-brand-600 px-3.5 text-sm font-semibold text-white hover:bg-brand-700 desk:px-5"
      >
        {/* One flex item: as separate items, the words' spaces would collapse away. */}
        <span>
          Buy <span className={phoneHidden}>Water</span> Purifier <span className={phoneHidden}>Now</span>
        </span>
      </ShopLink>
      <ShopLink
        href={ROUTES.membership}
        className="inline-flex h-11 items-center whitespace-nowrap rounded-full border border-brand-600 px-3.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 desk:px-5"
      >
        <span>
          <span className={phoneHidden}>Join</span> Membership
        </span>
      </ShopLink>
    </div>
  );
}

/** The bar at the top of every page. */
export function TopBar() {
  const pathname = usePathname();
  const ctaPage = TOP_BAR_CTA_PATHS.includes(pathname);
  const showSales = useScrollPast(UI.topBarCtaThreshold, ctaPage);

  if (isTopBarHidden(pathname)) return null;

  return (
    // Solid background, no backdrop-filter: that would become the containing block of the fixed
    // hamburger panel and clip it to the bar's height.
    <header className="sticky top-0 z-40 border-b border-line bg-white">
      <div className="mx-auto flex h-16 max-w-page items-center gap-2 px-4 desk:px-6">
        <ShopLink href={ROUTES.home} className="flex min-h-11 min-w-11 shrink-0 items-center rounded-md" aria-label={`${STORE_NAME} home`}>
          <Logo compactOnPhone={showSales} />
        </ShopLink>

        <nav aria-label="Main" className="ml-4 hidden desk:block">
          <ul className="flex items-center gap-1">
            {NAV_ENTRIES.map((entry) => (
              <li key={entry.label}>
                {isNavGroup(entry) ? (
                  <NavDropdown label={entry.label} links={entry.links} />
                ) : (
                  <ShopLink href={entry.href} className={navLinkClass}>
                    {entry.label}
                  </ShopLink>
                )}
              </li>
            ))}
            <Suspense fallback={null}>
              <li className="empty:hidden">
                <DealsLink className={navLinkClass} />
              </li>
            </Suspense>
          </ul>
        </nav>

        <div className="ml-auto hidden min-w-0 pl-2 desk:block">
          <SearchSlot variant="bar" />
        </div>

        <div className="ml-auto flex items-center gap-1 desk:ml-2">
          {showSales ? (
            <SalesButtons />
          ) : (
            <>
              <UserMenu />
              <CartButton />
            </>
          )}
          <MobileMenu
            search={<SearchSlot variant="menu" />}
            dealsLink={
              <Suspense fallback={null}>
                <DealsLink className="block rounded-lg px-3 py-2.5 text-base font-medium text-ink hover:bg-brand-50" />
              </Suspense>
            }
          />
        </div>
      </div>
    </header>
  );
}
