// @vitest-environment node
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  API_CONTENT_SECURITY_POLICY,
  apiOriginOf,
  cachedPageContentSecurityPolicy,
  CARD_ENTRY_PATHS,
  createNonce,
  FILE_CONTENT_SECURITY_POLICY,
  isolatesOpener,
  nonceContentSecurityPolicy,
  PER_REQUEST_BROWSE_PAGES,
  scriptHashSource,
  securityHeaders,
  servesOnlyHttps,
  STRICT_TRANSPORT_SECURITY,
  usesNoncePolicy,
} from "./security-headers";
import { ROUTES } from "./routes";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

const production = { dev: false, apiOrigin: "" };
const nonce = "0123456789abcdefABCDEF==";
const hash = `'sha256-${createHash("sha256").update("console.log(1)").digest("base64")}'`;

describe("cached page content security policy", () => {
  it("allows inline scripts only by their hashes and files from the site; no eval, no inline, locked down", () => {
    const policy = directives(cachedPageContentSecurityPolicy({ ...production, scriptHashes: [hash] }));
    expect(policy.get("script-src")).toEqual(["'self'", hash]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
  });

  it("refuses a source that is not a sha256 hash", () => {
    expect(() => cachedPageContentSecurityPolicy({ ...production, scriptHashes: ["'unsafe-inline'"] })).toThrow(/sha256/);
    expect(() => cachedPageContentSecurityPolicy({ ...production, scriptHashes: [`${hash}; script-src *`] })).toThrow(/sha256/);
  });

  it("adds eval and the websocket only for next dev, and the API origin when it is another one", () => {
    const policy = directives(cachedPageContentSecurityPolicy({ dev: true, apiOrigin: "https://api.lenwell.example", scriptHashes: [] }));
    expect(policy.get("script-src")).toEqual(["'self'", "'unsafe-eval'"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://api.lenwell.example", "ws:", "wss:"]);
  });
});

describe("no policy allows inline scripts wholesale", () => {
  it.each([
    ["a cached page", cachedPageContentSecurityPolicy({ ...production, scriptHashes: [hash] })],
    ["a page rendered per request", nonceContentSecurityPolicy({ ...production, nonce, scriptHashes: [hash] })],
    ["an API answer", API_CONTENT_SECURITY_POLICY],
    ["a file", FILE_CONTENT_SECURITY_POLICY],
  ])("%s", (_, policy) => {
    const sources = directives(policy);
    expect(sources.get("script-src") ?? sources.get("default-src")).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("lets an API answer or a file run and load nothing, nor be framed", () => {
    for (const policy of [API_CONTENT_SECURITY_POLICY, FILE_CONTENT_SECURITY_POLICY]) {
      const sources = directives(policy);
      expect(sources.get("default-src")).toEqual(["'none'"]);
      expect(sources.has("script-src")).toBe(false);
      expect(sources.get("frame-ancestors")).toEqual(["'none'"]);
      expect(sources.get("base-uri")).toEqual(["'none'"]);
    }
  });
});

describe("nonce content security policy", () => {
  it("allows scripts by nonce, what they load, and the hashed inline script; no eval, no inline", () => {
    const policy = directives(nonceContentSecurityPolicy({ ...production, nonce, scriptHashes: [hash] }));
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", hash]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("refuses a short or malformed nonce and a source that is not a sha256 hash", () => {
    expect(() => nonceContentSecurityPolicy({ ...production, nonce: "abc", scriptHashes: [] })).toThrow(/nonce/);
    expect(() => nonceContentSecurityPolicy({ ...production, nonce: `${nonce}'; script-src *`, scriptHashes: [] })).toThrow(/nonce/);
    expect(() => nonceContentSecurityPolicy({ ...production, nonce, scriptHashes: ["'unsafe-inline'"] })).toThrow(/sha256/);
  });

  it("uses a new 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const value of nonces) expect(Buffer.from(value, "base64")).toHaveLength(16);
  });

  it("hashes an inline script the way browsers compare it", async () => {
    expect(await scriptHashSource("console.log(1)")).toBe(hash);
  });
});

describe("which pages get which policy", () => {
  it.each(["/account/user", "/account/cards", "/account/orders/42", "/account/after-sale", "/mart/payment", "/admin/users"])(
    "%s needs a session, renders per request and gets the nonce policy",
    (path) => {
      expect(usesNoncePolicy(path)).toBe(true);
    },
  );

  it.each(CARD_ENTRY_PATHS)("%s takes a card: it needs a session, so its nonce policy carries the provider's sources", (path) => {
    expect(usesNoncePolicy(path)).toBe(true);
  });

  it.each(["/account/login", "/account/login/google", "/account/register", "/account/reset"])(
    "%s takes a password or signs someone in, renders per request and gets the nonce policy",
    (path) => {
      expect(usesNoncePolicy(path)).toBe(true);
    },
  );

  it.each(PER_REQUEST_BROWSE_PAGES)("%s is a browse page rendered per request: the nonce policy, without the opener policy", (path) => {
    expect(usesNoncePolicy(path)).toBe(true);
    expect(isolatesOpener(path)).toBe(false);
  });

  it.each([ROUTES.home, ROUTES.store, ROUTES.faq])("%s is among them", (path) => {
    expect(PER_REQUEST_BROWSE_PAGES).toContain(path);
  });

  it.each([
    "/mart/detail/LW-RO600",
    "/about/contactus",
    "/about/aboutus",
    "/deals/anything",
    "/nope",
    "/administrator",
    "/account/loginx",
    "/account/registered",
    "/account",
    "/mart/",
  ])("%s is served from the cache (or is the cached 404 page) and brings its own policy", (path) => {
    expect(usesNoncePolicy(path)).toBe(false);
  });

  it.each(["/account/user", "/admin/orders", "/account/login", "/account/reset"])("%s also gets its own browsing context group", (path) => {
    expect(isolatesOpener(path)).toBe(true);
  });
});

describe("other security headers", () => {
  const names = (headers: { key: string }[]) => headers.map((header) => header.key);

  it("sends nosniff, a strict referrer and no framing; the opener policy is the session pages' alone", () => {
    const headers = new Map(securityHeaders().map((h) => [h.key, h.value]));
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.has("Cross-Origin-Opener-Policy")).toBe(false);
  });

  it("leaves HSTS out of the headers fixed at build time", () => {
    expect(names(securityHeaders())).not.toContain("Strict-Transport-Security");
  });

  it("is https only (HSTS, Secure cookies) only as a production site whose public address is https", () => {
    expect(STRICT_TRANSPORT_SECURITY.value).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(servesOnlyHttps({ production: true, siteUrl: "https://shop.lenwell.example" })).toBe(true);
    expect(servesOnlyHttps({ production: true, siteUrl: "http://shop.lenwell.example" })).toBe(false);
    expect(servesOnlyHttps({ production: true, siteUrl: "http://localhost:3000" })).toBe(false);
    expect(servesOnlyHttps({ production: false, siteUrl: "https://shop.lenwell.example" })).toBe(false);
    expect(servesOnlyHttps({ production: true, siteUrl: "" })).toBe(false);
  });

  it("reduces the API base address to its origin", () => {
    expect(apiOriginOf("https://api.lenwell.example/base/")).toBe("https://api.lenwell.example");
    expect(apiOriginOf("")).toBe("");
  });
});
