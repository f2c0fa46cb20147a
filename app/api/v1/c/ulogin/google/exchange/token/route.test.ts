// @vitest-environment node
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { and, eq } from "drizzle-orm";
import { SignJWT, generateKeyPair } from "jose";
import type { MutableResponse } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GOOGLE_CALLBACK_PATH, OIDC_SCOPE } from "@/lib/config/oidc";
import { DEMO_ACCOUNTS } from "@/lib/db/seed/accounts";
import { oauthIdentities, users } from "@/lib/db/schema";
import { codeChallengeFor, nonceFor, randomToken } from "@/lib/visitor/oidc-pkce";
import { read, type Answer } from "@/test/support/answer";
import { startTestIssuer, type TestIdentity, type TestIssuer } from "@/test/support/oidc-test-issuer";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { log } from "@/lib/server/log";

// "Continue with Google" against a real local OpenID issuer. The server reads its settings once at
// import, so the route is imported fresh with the issuer's address in the environment.

const SITE = "http://shop.test";
const CLIENT_ID = "lenwell-test-client";
const REDIRECT_URI = `${SITE}${GOOGLE_CALLBACK_PATH}`;
const customer = DEMO_ACCOUNTS[0];

const NOT_VERIFIED = "We could not verify your Google sign-in. Please try again.";
const UNAVAILABLE = "Google sign-in is not available right now. Please try again later, or log in with your password.";

type Handler = (request: Request) => Promise<Response>;

async function loadRoutes(issuer: string, configured = true): Promise<{ exchange: Handler; profile: Handler }> {
  vi.stubEnv("SITE_URL", SITE);
  vi.stubEnv("OIDC_ISSUER", issuer);
  vi.stubEnv("GOOGLE_CLIENT_ID", configured ? CLIENT_ID : "");
  vi.stubEnv("GOOGLE_CLIENT_SECRET", configured ? "test-client-secret" : "");
  vi.resetModules();
  const [token, profile] = await Promise.all([import("./route"), import("@/app/api/v1/c/user/profile/route")]);
  vi.unstubAllEnvs();
  return { exchange: token.POST, profile: profile.GET };
}

function exchangeRequest(body: unknown) {
  return new Request(`${SITE}/api/v1/c/ulogin/google/exchange/token`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify(body),
  });
}

interface SignedIn {
  token: string;
  user: { id: string; email: string; username: string | null };
}

/** An exchange's answer with what else reaches the browser: the raw body and the cookie it sets. */
interface Exchanged extends Answer<SignedIn> {
  text: string;
  cookie: string | null;
}

async function exchanged(response: Response): Promise<Exchanged> {
  const text = await response.clone().text();
  return { ...(await read<SignedIn>(response)), text, cookie: response.headers.get("set-cookie") };
}

/** What the browser does: go to the issuer's /authorize with a fresh verifier and come back with a code. */
async function authorize(issuer: string, options: { nonceVerifier?: string } = {}) {
  const verifier = randomToken();
  const url = new URL(`${issuer}/authorize`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: OIDC_SCOPE,
    state: randomToken(),
    nonce: await nonceFor(options.nonceVerifier ?? verifier),
    code_challenge: await codeChallengeFor(verifier),
    code_challenge_method: "S256",
  }).toString();
  const response = await fetch(url, { redirect: "manual" });
  const location = new URL(response.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  const code = location.searchParams.get("code");
  if (!code) throw new Error("The issuer sent no code");
  return { code, verifier };
}

function freshIdentity(overrides: Partial<TestIdentity> = {}): TestIdentity {
  const id = randomUUID();
  return { sub: `sub-${id}`, email: `google-${id}@example.com`, email_verified: true, name: "Gwen Google", ...overrides };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

describeEachEngine("POST /ulogin/google/exchange/token on $name", (engine) => {
  const db = databaseForSuite(engine);
  let issuer: TestIssuer;
  let routes: { exchange: Handler; profile: Handler };

  beforeAll(async () => {
    issuer = await startTestIssuer();
    routes = await loadRoutes(issuer.url);
  });
  beforeEach(() => {
    // The refusals are logged on purpose; keep the test output readable.
    vi.spyOn(log, "error").mockImplementation(() => undefined);
  });
  afterAll(async () => {
    await issuer.stop();
  });

  async function signIn(identity: TestIdentity) {
    issuer.setIdentity(identity);
    const { code, verifier } = await authorize(issuer.url);
    return exchanged(await routes.exchange(exchangeRequest({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier })));
  }

  async function expectRefused(result: Exchanged, status: number, errmsg: string) {
    expect({ status: result.status, code: result.body.code, errmsg: result.body.errmsg, data: result.body.data }).toEqual({
      status,
      code: status,
      errmsg,
      data: null,
    });
    expect(result.cookie).toBeNull();
    // Nothing of the token (a JWT starts with "eyJ") or of the stack reaches the caller.
    expect(result.text).not.toMatch(/eyJ|at \w+ \(/);
  }

  it("signs a new person in: an account without a password, a session, and the profile answers", async () => {
    const identity = freshIdentity({ name: "  Gwen Google  " });
    const result = await signIn(identity);
    expect(result.status).toBe(200);
    expect(result.body.data?.user).toMatchObject({ email: identity.email, username: "Gwen Google" });
    const token = result.body.data?.token ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.cookie).toContain(`Token=${token}`);
    expect(result.cookie).toContain("HttpOnly");

    const profile = await read<{ user: { email: string } }>(
      await routes.profile(new Request(`${SITE}/api/v1/c/user/profile`, { headers: { token } })),
    );
    expect(profile.status).toBe(200);
    expect(profile.body.data?.user.email).toBe(identity.email);

    const [row] = await db()
      .db.select()
      .from(users)
      .where(eq(users.email, identity.email ?? ""));
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    const links = await db().db.select().from(oauthIdentities).where(eq(oauthIdentities.subject, identity.sub));
    expect(links).toEqual([expect.objectContaining({ issuer: issuer.url, userId: row?.id })]);
  });

  it("signs the same subject into the same account the next time, even with a new e-mail at the issuer", async () => {
    const identity = freshIdentity();
    const first = await signIn(identity);
    const second = await signIn({ ...identity, email: `changed-${randomUUID()}@example.com` });
    expect(second.status).toBe(200);
    expect(second.body.data?.user.id).toBe(first.body.data?.user.id);
    expect(second.body.data?.user.email).toBe(identity.email);
    expect(second.body.data?.token).not.toBe(first.body.data?.token);
  });

  it("links a verified e-mail to the existing password account", async () => {
    const [demo] = await db().db.select().from(users).where(eq(users.email, customer.email));
    const result = await signIn(freshIdentity({ email: customer.email.toUpperCase(), name: "Someone Else" }));
    expect(result.status).toBe(200);
    expect(result.body.data?.user).toMatchObject({ id: demo?.id, email: customer.email, username: customer.username });
  });

  it("refuses to link an unverified e-mail to an existing account, and says to use the password", async () => {
    const identity = freshIdentity({ email: customer.email, email_verified: false });
    const result = await signIn(identity);
    await expectRefused(
      result,
      409,
      "An account with this e-mail already exists and Google has not confirmed the address. Please log in with your password.",
    );
    const links = await db().db.select().from(oauthIdentities).where(eq(oauthIdentities.subject, identity.sub));
    expect(links).toEqual([]);
  });

  it("creates an unverified account for an unverified new e-mail", async () => {
    const identity = freshIdentity({ email_verified: false });
    expect((await signIn(identity)).status).toBe(200);
    const [row] = await db()
      .db.select()
      .from(users)
      .where(eq(users.email, identity.email ?? ""));
    expect(row?.emailVerifiedAt).toBeNull();
  });

  describe("refuses an id token that", () => {
    afterAll(() => issuer.tamperIdToken(null));

    it("was issued to another client (aud)", async () => {
      issuer.tamperIdToken((token) => {
        token.payload.aud = "another-client";
      });
      await expectRefused(await signIn(freshIdentity()), 401, NOT_VERIFIED);
    });

    it("names another issuer (iss)", async () => {
      issuer.tamperIdToken((token) => {
        token.payload.iss = "https://accounts.evil.example";
      });
      await expectRefused(await signIn(freshIdentity()), 401, NOT_VERIFIED);
    });

    it("has expired", async () => {
      const now = Math.floor(Date.now() / 1000);
      issuer.tamperIdToken((token) => {
        Object.assign(token.payload, { iat: now - 7200, nbf: now - 7200, exp: now - 3600 });
      });
      await expectRefused(await signIn(freshIdentity()), 401, NOT_VERIFIED);
    });

    it("was authorized for another party (azp)", async () => {
      issuer.tamperIdToken((token) => {
        token.payload.azp = "another-client";
      });
      await expectRefused(await signIn(freshIdentity()), 401, NOT_VERIFIED);
    });
  });

  it("refuses an id token signed with a key the issuer does not publish", async () => {
    const identity = freshIdentity();
    issuer.setIdentity(identity);
    const { code, verifier } = await authorize(issuer.url);
    // Right claims and the issuer's own key id, but signed with another private key.
    const { privateKey } = await generateKeyPair("RS256");
    const [published] = issuer.server.issuer.keys.toJSON();
    const forged = await new SignJWT({ ...identity, nonce: await nonceFor(verifier) })
      .setProtectedHeader({ alg: "RS256", kid: published?.kid ?? "" })
      .setIssuer(issuer.url)
      .setAudience(CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    const replaceToken = (response: MutableResponse) => {
      if (typeof response.body === "object") response.body.id_token = forged;
    };
    issuer.server.service.on("beforeResponse", replaceToken);
    try {
      const result = await exchanged(await routes.exchange(exchangeRequest({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier })));
      await expectRefused(result, 401, NOT_VERIFIED);
    } finally {
      issuer.server.service.off("beforeResponse", replaceToken);
    }
    const links = await db().db.select().from(oauthIdentities).where(eq(oauthIdentities.subject, identity.sub));
    expect(links).toEqual([]);
  });

  it("refuses an id token whose nonce was not made from this code verifier", async () => {
    const identity = freshIdentity();
    issuer.setIdentity(identity);
    // The code and its PKCE challenge are right, but the sign-in was started with another nonce.
    const { code, verifier } = await authorize(issuer.url, { nonceVerifier: randomToken() });
    const result = await exchanged(await routes.exchange(exchangeRequest({ code, redirectUri: REDIRECT_URI, codeVerifier: verifier })));
    await expectRefused(result, 401, NOT_VERIFIED);
    const [row] = await db()
      .db.select()
      .from(users)
      .where(eq(users.email, identity.email ?? ""));
    expect(row).toBeUndefined();
  });

  it("refuses a code that was already exchanged", async () => {
    issuer.setIdentity(freshIdentity());
    const { code, verifier } = await authorize(issuer.url);
    const body = { code, redirectUri: REDIRECT_URI, codeVerifier: verifier };
    expect((await routes.exchange(exchangeRequest(body))).status).toBe(200);
    await expectRefused(
      await exchanged(await routes.exchange(exchangeRequest(body))),
      400,
      "This sign-in has already been used. Please try again.",
    );
  });

  it("refuses a code the issuer does not accept with this verifier", async () => {
    issuer.setIdentity(freshIdentity());
    const { code } = await authorize(issuer.url);
    const result = await exchanged(
      await routes.exchange(exchangeRequest({ code, redirectUri: REDIRECT_URI, codeVerifier: randomToken() })),
    );
    // The mock issuer answers invalid_request for a verifier that does not match the challenge.
    await expectRefused(result, 400, "This Google sign-in has expired or was cancelled. Please try again.");
  });

  it("refuses a redirectUri that is not the shop's callback, naming the field", async () => {
    issuer.setIdentity(freshIdentity());
    const { code, verifier } = await authorize(issuer.url);
    const result = await exchanged(
      await routes.exchange(exchangeRequest({ code, redirectUri: "https://evil.example/account/login/google", codeVerifier: verifier })),
    );
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual([{ path: "redirectUri", message: "This is not the shop's sign-in address." }]);
  });

  it("refuses a body with unknown keys or a malformed verifier", async () => {
    const extra = await exchanged(
      await routes.exchange(exchangeRequest({ code: "x", redirectUri: REDIRECT_URI, codeVerifier: randomToken(), admin: true })),
    );
    expect(extra.status).toBe(422);
    const short = await exchanged(await routes.exchange(exchangeRequest({ code: "x", redirectUri: REDIRECT_URI, codeVerifier: "short" })));
    expect(short.status).toBe(422);
    expect(short.body.errmsg).toMatch(/^codeVerifier: /);
  });

  it("answers 503 in plain words when the issuer cannot be reached", async () => {
    const down = await loadRoutes(`http://127.0.0.1:${await closedPort()}`);
    const result = await exchanged(
      await down.exchange(exchangeRequest({ code: "abc", redirectUri: REDIRECT_URI, codeVerifier: randomToken() })),
    );
    await expectRefused(result, 503, UNAVAILABLE);
  });

  it("answers 503 when the issuer goes away between discovery and the code exchange", async () => {
    const second = await startTestIssuer();
    const app = await loadRoutes(second.url);
    second.setIdentity(freshIdentity());
    const warm = await authorize(second.url);
    expect((await app.exchange(exchangeRequest({ code: warm.code, redirectUri: REDIRECT_URI, codeVerifier: warm.verifier }))).status).toBe(
      200,
    );
    const pending = await authorize(second.url);
    await second.stop();
    const result = await exchanged(
      await app.exchange(exchangeRequest({ code: pending.code, redirectUri: REDIRECT_URI, codeVerifier: pending.verifier })),
    );
    await expectRefused(result, 503, UNAVAILABLE);
  });

  it("answers 404 when Google sign-in is not configured", async () => {
    const off = await loadRoutes(issuer.url, false);
    const result = await exchanged(
      await off.exchange(exchangeRequest({ code: "abc", redirectUri: REDIRECT_URI, codeVerifier: randomToken() })),
    );
    expect(result.status).toBe(404);
  });

  it("stores who signed in with Google only once per subject", async () => {
    const identity = freshIdentity();
    await signIn(identity);
    await signIn(identity);
    const links = await db()
      .db.select()
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.issuer, issuer.url), eq(oauthIdentities.subject, identity.sub)));
    expect(links).toHaveLength(1);
  });
});
