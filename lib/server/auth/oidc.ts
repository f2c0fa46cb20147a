import "server-only";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import { env } from "@/lib/config/env";
import {
  GOOGLE_CALLBACK_PATH,
  OIDC_CLOCK_TOLERANCE_S,
  OIDC_DISCOVERY_TTL_MS,
  OIDC_HTTP_TIMEOUT_MS,
  OIDC_MAX_TOKEN_AGE_S,
  OIDC_RETRY_AFTER_MS,
  OIDC_SCOPE,
} from "@/lib/config/oidc";
import { AppError } from "@/lib/server/base/errors";
import { nonceFor } from "@/lib/visitor/oidc-pkce";
import { log } from "@/lib/server/log";
import { describeError } from "@/lib/server/base/error-log";

// The OpenID Connect side of "Continue with Google": discovery, the code exchange and the id token
// checks. Customers only ever see the messages below; what went wrong is written to the log.

export const OIDC_UNAVAILABLE = "Google sign-in is not available right now. Please try again later, or log in with your password.";
export const OIDC_BAD_ANSWER = "Google sign-in did not answer as expected. Please try again later, or log in with your password.";
export const OIDC_NOT_VERIFIED = "We could not verify your Google sign-in. Please try again.";
export const OIDC_CODE_REJECTED = "This Google sign-in has expired or was cancelled. Please try again.";

interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The configured client, or null when Google sign-in is not offered. */
export function oidcSettings(): OidcSettings | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    redirectUri: `${env.SITE_URL}${GOOGLE_CALLBACK_PATH}`,
  };
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url({ protocol: /^https?$/ }),
  token_endpoint: z.url({ protocol: /^https?$/ }),
  jwks_uri: z.url({ protocol: /^https?$/ }),
});

interface OidcProvider {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  keys: JWTVerifyGetKey;
}

// One discovery per hour per process; after a failure the issuer is left alone for a while, so a
// login page rendered per request does not wait on a dead issuer every time.
let cached: { provider: OidcProvider; until: number } | null = null;
let failedUntil = 0;
let pending: Promise<OidcProvider> | null = null;

async function loadProvider(issuer: string): Promise<OidcProvider> {
  const url = `${issuer}/.well-known/openid-configuration`;
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(OIDC_HTTP_TIMEOUT_MS),
    });
    if (!response.ok) {
      log.error({ url, status: response.status }, `OpenID discovery at ${url} answered HTTP ${response.status}`);
      throw new AppError(503, OIDC_UNAVAILABLE);
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ url, error: describeError(error) }, `OpenID discovery at ${url} failed: ${describeError(error)}`);
    throw new AppError(503, OIDC_UNAVAILABLE);
  }
  const parsed = discoverySchema.safeParse(body);
  if (!parsed.success || parsed.data.issuer !== issuer) {
    log.error({ url, issuer }, `OpenID discovery at ${url} is not a discovery document of ${issuer}`);
    throw new AppError(502, OIDC_BAD_ANSWER);
  }
  return {
    issuer,
    authorizationEndpoint: parsed.data.authorization_endpoint,
    tokenEndpoint: parsed.data.token_endpoint,
    keys: createRemoteJWKSet(new URL(parsed.data.jwks_uri), { timeoutDuration: OIDC_HTTP_TIMEOUT_MS }),
  };
}

async function discoverProvider(issuer: string): Promise<OidcProvider> {
  const now = Date.now();
  if (cached && cached.until > now) return cached.provider;
  if (failedUntil > now) throw new AppError(503, OIDC_UNAVAILABLE);
  pending ??= loadProvider(issuer)
    .then((provider) => {
      cached = { provider, until: Date.now() + OIDC_DISCOVERY_TTL_MS };
      return provider;
    })
    .catch((error: unknown) => {
      failedUntil = Date.now() + OIDC_RETRY_AFTER_MS;
      throw error;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export type GoogleSignInOption =
  | { state: "off" }
  | { state: "unavailable" }
  | { state: "ready"; authorizationEndpoint: string; clientId: string; redirectUri: string; scope: string };

/** What the login page offers: nothing, a notice that the issuer cannot be reached, or the button. */
export async function googleSignInOption(): Promise<GoogleSignInOption> {
  const settings = oidcSettings();
  if (!settings) return { state: "off" };
  try {
    const provider = await discoverProvider(settings.issuer);
    return {
      state: "ready",
      authorizationEndpoint: provider.authorizationEndpoint,
      clientId: settings.clientId,
      redirectUri: settings.redirectUri,
      scope: OIDC_SCOPE,
    };
  } catch (error) {
    if (error instanceof AppError) return { state: "unavailable" };
    throw error;
  }
}

/** The configured client; 404 when sign-in with Google is not offered. */
export function requireOidcSettings(): OidcSettings {
  const settings = oidcSettings();
  if (!settings) throw new AppError(404, "Sign-in with Google is not offered by this shop.");
  return settings;
}

/** The client with its issuer's endpoints and keys (503 when the issuer cannot be reached). */
export async function connectOidcClient(settings: OidcSettings): Promise<{ settings: OidcSettings; provider: OidcProvider }> {
  return { settings, provider: await discoverProvider(settings.issuer) };
}

const tokenResponseSchema = z.object({ id_token: z.string().min(1) });

/** Trades the authorization code (with its PKCE verifier) for the id token at the token endpoint. */
export async function exchangeCode(
  client: { settings: OidcSettings; provider: OidcProvider },
  code: string,
  codeVerifier: string,
): Promise<string> {
  const { settings, provider } = client;
  let response: Response;
  try {
    response = await fetch(provider.tokenEndpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      // client_secret_post: Google and most issuers accept it, and it keeps the secret out of logs of headers.
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: settings.redirectUri,
        code_verifier: codeVerifier,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }),
      redirect: "error",
      signal: AbortSignal.timeout(OIDC_HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    log.error(
      { url: provider.tokenEndpoint, error: describeError(error) },
      `OpenID token endpoint ${provider.tokenEndpoint} could not be reached: ${describeError(error)}`,
    );
    throw new AppError(503, OIDC_UNAVAILABLE);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const reason = z.object({ error: z.string() }).safeParse(body);
    const error = reason.success ? reason.data.error : "unknown";
    log.error({ status: response.status, reason: error }, `OpenID token endpoint answered HTTP ${response.status} (${error})`);
    // invalid_grant / invalid_request: this code or verifier; anything else is our setup or theirs.
    if (response.status === 400 && (error === "invalid_grant" || error === "invalid_request")) {
      throw new AppError(400, OIDC_CODE_REJECTED);
    }
    throw new AppError(502, OIDC_BAD_ANSWER);
  }
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) {
    log.error("OpenID token endpoint answered without an id_token");
    throw new AppError(502, OIDC_BAD_ANSWER);
  }
  return parsed.data.id_token;
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(254).optional(),
  // Google sends a boolean; some issuers send the string.
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  name: z.string().optional(),
  azp: z.string().optional(),
  nonce: z.string().optional(),
});

export interface IdentityClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

// Google documents that its id tokens carry iss "https://accounts.google.com" or "accounts.google.com".
function acceptedIssuers(issuer: string): string[] {
  return issuer === "https://accounts.google.com" ? [issuer, "accounts.google.com"] : [issuer];
}

// A token that is simply wrong (forged, expired, for someone else) is the caller's problem: 401.
const REJECTED_TOKEN_CODES = new Set<string>([
  joseErrors.JWTExpired.code,
  joseErrors.JWTClaimValidationFailed.code,
  joseErrors.JWSSignatureVerificationFailed.code,
  joseErrors.JWKSNoMatchingKey.code,
  joseErrors.JWKSMultipleMatchingKeys.code,
  joseErrors.JWSInvalid.code,
  joseErrors.JWTInvalid.code,
  joseErrors.JOSEAlgNotAllowed.code,
  joseErrors.JOSENotSupported.code,
]);

function verificationFailure(error: unknown): AppError {
  if (error instanceof joseErrors.JOSEError) {
    log.error({ code: error.code, reason: error.message }, `OpenID id token refused (${error.code}): ${error.message}`);
    if (REJECTED_TOKEN_CODES.has(error.code)) return new AppError(401, OIDC_NOT_VERIFIED);
    if (error instanceof joseErrors.JWKSTimeout) return new AppError(503, OIDC_UNAVAILABLE);
    return new AppError(502, OIDC_BAD_ANSWER);
  }
  // fetch of the key set failed before any answer.
  log.error({ error: describeError(error) }, `OpenID key set could not be fetched: ${describeError(error)}`);
  return new AppError(503, OIDC_UNAVAILABLE);
}

function refuse(reason: string): AppError {
  log.error({ reason }, `OpenID id token refused: ${reason}`);
  return new AppError(401, OIDC_NOT_VERIFIED);
}

/**
 * Checks the id token: signature against the issuer's published keys (RS256 or ES256 only),
 * issuer, audience, expiry and age, the nonce derived from this sign-in's code verifier, and azp.
 */
export async function verifyIdToken(
  client: { settings: OidcSettings; provider: OidcProvider },
  idToken: string,
  codeVerifier: string,
): Promise<IdentityClaims> {
  const { settings, provider } = client;
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(idToken, provider.keys, {
      issuer: acceptedIssuers(settings.issuer),
      audience: settings.clientId,
      algorithms: ["RS256", "ES256"],
      clockTolerance: OIDC_CLOCK_TOLERANCE_S,
      maxTokenAge: OIDC_MAX_TOKEN_AGE_S,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (error) {
    throw verificationFailure(error);
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw refuse("unexpected claim types");
  const { sub, email, email_verified: verified, name, azp, nonce } = claims.data;
  if (!nonce || nonce !== (await nonceFor(codeVerifier))) throw refuse("nonce does not match the code verifier");
  const audience = (payload as { aud?: unknown }).aud;
  if (azp !== undefined && azp !== settings.clientId) throw refuse("azp is another client");
  if (Array.isArray(audience) && audience.length > 1 && azp === undefined) throw refuse("several audiences and no azp");
  return {
    subject: sub,
    email: email?.trim() || null,
    emailVerified: verified === true || verified === "true",
    name: name?.trim() || null,
  };
}
