// Settings the browser needs. Next inlines NEXT_PUBLIC_* at build time, so each must be read
// with its literal name; this module is the only client-side reader of process.env.

export const publicEnv = {
  /** Origin of the shop API; empty means the site's own origin. */
  apiBaseUrl: (process.env.NEXT_PUBLIC_API_BASE_URL ?? "").replace(/\/+$/, ""),
  /** `next dev` (Next inlines NODE_ENV in every bundle, the middleware's included). */
  dev: process.env.NODE_ENV !== "production",
} as const;

export const API_PREFIX = "/api/v1/c";
/** The operator calls (role admin), used by the operator console. */
export const ADMIN_API_PREFIX = "/api/v1/admin";
export const API_TIMEOUT_MS = 120_000;
