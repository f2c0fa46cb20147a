import { env } from "./env";
import { servesOnlyHttps } from "./security-headers";

// The one place that decides, for the running server, whether the shop is https only: then every
// answer carries HSTS (lib/server/http/transport-security.ts) and every cookie the server sets is
// Secure. Read when the server starts, never at `next build`: one build is started behind http or
// https, and the tests start the same build under both.

export const HTTPS_ONLY = servesOnlyHttps({ production: env.NODE_ENV === "production", siteUrl: env.SITE_URL });

/** What every cookie set through Next's `response.cookies` shares (referral, platform, way back from login). */
export const COOKIE_TRANSPORT = { secure: HTTPS_ONLY } as const;

/** The same, as the attribute of a cookie written as a Set-Cookie string (the session's, the trusted device's). */
export const SECURE_ATTRIBUTE = HTTPS_ONLY ? "; Secure" : "";
