// Every in-site path in one place; pages, menus, middleware and tests use these names.

export const ROUTES = {
  home: "/",
  purifier: "/waterpurifier",
  membership: "/waterpurifier/subscriptionplan",
  care: "/lenwellcare",
  repair: "/repair",
  store: "/mart",
  payment: "/mart/payment",
  aboutUs: "/about/aboutus",
  policy: "/about/policy",
  faq: "/about/faq",
  contact: "/about/contactus",
  deals: "/deals",
  /** Site search: the server-rendered results of `?q=` (the top bar's search field submits here). */
  search: "/search",
  /** The stylesheet as a file: only for pages the browser renders alone (app/styles/shop.css). */
  stylesheetFile: "/styles/shop.css",
  login: "/account/login",
  /**
   * Where a protected page sends a visitor whose session it did not find: remembers the page,
   * clears the cookies of a session that has ended, and goes on to the login page.
   */
  loginRequired: "/account/login/required",
  register: "/account/register",
  resetPassword: "/account/reset",
  account: "/account/user",
  orders: "/account/orders",
  afterSale: "/account/after-sale",
  purifiers: "/account/purifiers",
  /** The customer's saved cards: listed, added (the provider's own fields on Stripe), removed. */
  savedCards: "/account/cards",
  /** Picks the purchased purifier and opens a repair request; under afterSale, so it is protected. */
  repairRequest: "/account/after-sale/repair",
  console: "/admin",
  consoleOrders: "/admin/orders",
  consoleAfterSale: "/admin/after-sale",
  consoleCatalogue: "/admin/catalogue",
  consolePlans: "/admin/plans",
  consolePurifiers: "/admin/purifiers",
  /** The purifiers customers added, waiting for an operator to verify their proof of purchase. */
  consoleVerification: "/admin/verification",
  consoleReferrals: "/admin/referrals",
  /** What visitors search for, what finds nothing, and the synonyms. */
  consoleSearches: "/admin/searches",
  consoleFilterShipments: "/admin/filter-shipments",
  /** Opened from the unsubscribe link of a reminder e-mail, without signing in. */
  unsubscribe: "/reminders/unsubscribe",
} as const;

/** The id of the account page's membership section: its renewal card and cancel. */
export const ACCOUNT_MEMBERSHIP_ID = "membership";

/** Where a member changes how the membership renews: the account page, at its membership section. */
export const ACCOUNT_MEMBERSHIP_PATH = `${ROUTES.account}#${ACCOUNT_MEMBERSHIP_ID}`;

export function productPath(sku: string): string {
  return `/mart/detail/${encodeURIComponent(sku)}`;
}

export function orderPath(orderId: string): string {
  return `${ROUTES.orders}/${encodeURIComponent(orderId)}`;
}

export function afterSalePath(afterSaleId: string): string {
  return `${ROUTES.afterSale}/${encodeURIComponent(afterSaleId)}`;
}

export function consoleOrderPath(orderId: string): string {
  return `${ROUTES.consoleOrders}/${encodeURIComponent(orderId)}`;
}

export function consoleAfterSalePath(afterSaleId: string): string {
  return `${ROUTES.consoleAfterSale}/${encodeURIComponent(afterSaleId)}`;
}

export function consoleProductPath(sku: string): string {
  return `${ROUTES.consoleCatalogue}/${encodeURIComponent(sku)}`;
}

/** The search results page for what the visitor typed. */
export function searchPath(query: string): string {
  return `${ROUTES.search}?q=${encodeURIComponent(query.trim())}`;
}

/** The payment page of one order (after checkout, buy now, or Pay now on the order's page). */
export function paymentPath(orderId: string): string {
  return `${ROUTES.payment}?orderId=${encodeURIComponent(orderId)}`;
}

/** Routes that need a signed-in customer. Middleware redirects to login; every page and call checks again. */
export const PROTECTED_PREFIXES: readonly string[] = [
  ROUTES.account,
  ROUTES.purifiers,
  ROUTES.savedCards,
  ROUTES.payment,
  ROUTES.orders,
  ROUTES.afterSale,
  ROUTES.console,
];

function isUnder(prefixes: readonly string[], pathname: string): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function isProtectedPath(pathname: string): boolean {
  return isUnder(PROTECTED_PREFIXES, pathname);
}

/** The pages that take a password or sign someone in (the Google callback is under login). */
export const SIGN_IN_PREFIXES: readonly string[] = [ROUTES.login, ROUTES.register, ROUTES.resetPassword];

export function isSignInPath(pathname: string): boolean {
  return isUnder(SIGN_IN_PREFIXES, pathname);
}

/** The query parameter of ROUTES.loginRequired that names the page to come back to. */
export const RETURN_PARAM = "return";

/** ROUTES.loginRequired for the page at `returnPath` (null: a page that could not be named). */
export function loginRequiredPath(returnPath: string | null): string {
  return returnPath ? `${ROUTES.loginRequired}?${RETURN_PARAM}=${encodeURIComponent(returnPath)}` : ROUTES.loginRequired;
}

/** The top bar is hidden on /deals and everything under it. */
export function isTopBarHidden(pathname: string): boolean {
  return pathname === ROUTES.deals || pathname.startsWith(`${ROUTES.deals}/`);
}

// Public browse pages only; account, payment and operator pages are not for search engines.
export const PUBLIC_PAGES: readonly { path: string; priority: number }[] = [
  { path: ROUTES.home, priority: 1 },
  { path: ROUTES.purifier, priority: 0.9 },
  { path: ROUTES.membership, priority: 0.8 },
  { path: ROUTES.care, priority: 0.7 },
  { path: ROUTES.repair, priority: 0.7 },
  { path: ROUTES.store, priority: 0.8 },
  { path: ROUTES.deals, priority: 0.6 },
  { path: ROUTES.aboutUs, priority: 0.5 },
  { path: ROUTES.faq, priority: 0.5 },
  { path: ROUTES.contact, priority: 0.5 },
  { path: ROUTES.policy, priority: 0.3 },
];
