import { ROUTES } from "./routes";

// "Continue with Google" (any OpenID issuer): the numbers and names the browser and server share.

/** Where the issuer sends the visitor back; registered with the issuer as `${SITE_URL}` + this. */
export const GOOGLE_CALLBACK_PATH = `${ROUTES.login}/google`;

export const OIDC_SCOPE = "openid email profile";

/** sessionStorage key of the verifier and state between leaving for the issuer and coming back. */
export const OIDC_PENDING_STORAGE_KEY = "lenwell.google-sign-in";

/** A code verifier is 43..128 unreserved characters (RFC 7636 §4.1); ours is 32 random bytes, 43 long. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Server side: how long one call to the issuer (discovery, token, keys) may take. */
export const OIDC_HTTP_TIMEOUT_MS = 5_000;
/** A discovery document is kept this long; a failed fetch is retried after OIDC_RETRY_AFTER_MS. */
export const OIDC_DISCOVERY_TTL_MS = 60 * 60_000;
export const OIDC_RETRY_AFTER_MS = 30_000;
/** Leeway for the issuer's clock when checking exp, nbf and iat. */
export const OIDC_CLOCK_TOLERANCE_S = 30;
/** An id token fresh from the token endpoint is never older than this. */
export const OIDC_MAX_TOKEN_AGE_S = 600;
/** Hashes of exchanged codes are kept this long (codes themselves live for minutes). */
export const OIDC_USED_CODE_TTL_MS = 86_400_000;
