import type { IncomingMessage } from "node:http";
import { OAuth2Server, type MutableRedirectUri, type MutableToken } from "oauth2-mock-server";

// A real local OpenID issuer for the integration and end-to-end tests (oauth2-mock-server). It
// approves every /authorize at once, keeps the PKCE challenge and the nonce of each code, and signs
// id tokens with its own RS256 key published at /jwks. Tests decide who signs in.

/** The claims of the person the issuer signs in. */
export interface TestIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A browser may carry the identity for its own sign-ins in this cookie on the issuer's origin
 * (base64url JSON of a TestIdentity), so parallel browser tests never share one.
 */
export const TEST_IDENTITY_COOKIE = "test_identity";

export interface TestIssuer {
  url: string;
  server: OAuth2Server;
  /** Who signs in when the authorization request carried no identity cookie. */
  setIdentity: (identity: TestIdentity) => void;
  /** Changes the next id tokens before they are signed (null: leave them alone). */
  tamperIdToken: (change: ((token: MutableToken) => void) | null) => void;
  stop: () => Promise<void>;
}

function identityFromCookie(request: IncomingMessage): TestIdentity | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name !== TEST_IDENTITY_COOKIE || !value) continue;
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (parsed && typeof parsed === "object" && "sub" in parsed && typeof parsed.sub === "string") {
      return parsed as TestIdentity;
    }
  }
  return undefined;
}

function codeOf(request: IncomingMessage): string | undefined {
  const body: unknown = (request as IncomingMessage & { body?: unknown }).body;
  if (body && typeof body === "object" && "code" in body && typeof body.code === "string") return body.code;
  return undefined;
}

/** Starts an issuer on 127.0.0.1 (port 0: any free port); its issuer URL is http://127.0.0.1:<port>. */
export async function startTestIssuer(port = 0): Promise<TestIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(port, "127.0.0.1");
  const url = `http://127.0.0.1:${server.address().port}`;
  // The library names loopback servers "localhost"; the tests use the address the app is told.
  server.issuer.url = url;

  let identity: TestIdentity = { sub: "test-subject", email: "someone@example.com", email_verified: true, name: "Test Person" };
  let tamper: ((token: MutableToken) => void) | null = null;
  const identityOfCode = new Map<string, TestIdentity>();

  server.service.on("beforeAuthorizeRedirect", (redirect: MutableRedirectUri, request: IncomingMessage) => {
    const code = redirect.url.searchParams.get("code");
    const own = identityFromCookie(request);
    if (code && own) identityOfCode.set(code, own);
  });
  server.service.on("beforeTokenSigning", (token: MutableToken, request: IncomingMessage) => {
    // The access token is signed first and has no audience; only the id token names the client.
    if (!("aud" in token.payload)) return;
    const code = codeOf(request);
    const who = (code && identityOfCode.get(code)) || identity;
    if (code) identityOfCode.delete(code);
    Object.assign(token.payload, who);
    tamper?.(token);
  });

  return {
    url,
    server,
    setIdentity: (next) => {
      identity = next;
    },
    tamperIdToken: (change) => {
      tamper = change;
    },
    stop: () => server.stop(),
  };
}
