// Store-wide constants: the one place for every fixed number and text of the shop.
// Client and server code both import this file, so it holds nothing secret.

export const STORE_NAME = "Lenwell";

export const CONTACT_HOURS = "Monday to Saturday, 9 AM to 7 PM (Central)";

// The service centre shown on the contact map (Houston, TX).
export const SERVICE_CENTRE = {
  label: "Houston",
  region: "Houston, TX",
  longitude: -95.3698,
  latitude: 29.7604,
} as const;

/** The purifier sku used by the top bar's "Buy Water Purifier Now" button. */
export const PURIFIER_SKU = "LW-RO600";

export const FOOTER_YEAR = 2024;

/** The shop's own time zone (Houston): order dates and delivery days are written in it. */
export const STORE_TIME_ZONE = "America/Chicago";

export const UI = {
  alertMs: 3000,
  toastMs: 3000,
  spinnerDelayMs: 800,
  backToTopThreshold: 100,
  topBarCtaThreshold: 300,
  badgeMax: 99,
  carousel: { itemsSmall: 2, itemsLarge: 3, transitionMs: 500 },
  cartDrawer: { desktopWidthPx: 600, mobileWidthPercent: 95 },
  quantity: { min: 1, max: 1000 },
  /** The drawer sends a line's quantity once the stepper has been still this long. */
  cartUpdateDebounceMs: 1000,
  /** The payment page asks for the tax of a typed address once the fields have been still this long. */
  addressQuoteDebounceMs: 600,
} as const;

/** Pages on which the top bar swaps the user and cart icons for the two sales buttons after scrolling. */
export const TOP_BAR_CTA_PATHS: readonly string[] = ["/", "/waterpurifier"];

export const COOKIES = {
  token: "Token",
  loginReturnPath: "login_return_path",
  referral: "referral_code",
  platform: "platform",
  /** Not secret and not HttpOnly: "someone is signed in here", set and cleared with the Token cookie. */
  sessionHint: "signed_in",
  /** "An alert or toast waits in session storage for this page": only then is the storage opened. */
  keptNotices: "kept_notices",
} as const;

/** The session hint cookie's only value. */
export const SESSION_HINT_VALUE = "1";

export const STORAGE_KEYS = {
  platform: "lenwell.platform",
  /** An alert carried over a full page load (session expiry → login). */
  keptAlert: "lenwell.kept-alert",
  /** Toasts carried over a full page load (the welcome after signing in, which leaves with one). */
  keptToasts: "lenwell.kept-toasts",
  /** A visitor's Add to cart or Buy now, carried out once they have signed in (lib/visitor/purchase-intent.ts). */
  purchaseIntent: "lenwell.purchase-intent",
} as const;

export const TOKEN_MAX_AGE_S = 86_400;
/** How long the app webview's platform cookie lasts. */
export const PLATFORM_MAX_AGE_S = 365 * 86_400;
/** A kept alert or toast is for the very next page: its marker outlives a slow full load, not a visit. */
export const KEPT_NOTICES_MAX_AGE_S = 600;
export const REFERRAL_MAX_AGE_S = 30 * 86_400;
export const LOGIN_RETURN_MAX_AGE_S = 3_600;
/** How long a visitor's Add to cart or Buy now waits for them to sign in before it is forgotten. */
export const PURCHASE_INTENT_MAX_AGE_MS = 30 * 60_000;

/** The spec's wording for a finished logout, wherever it starts (the shop's menu, the console). */
export const LOGGED_OUT_MESSAGE = "Logout Successfully";
