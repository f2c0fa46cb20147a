// @vitest-environment node
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  apiOriginOf,
  CARD_ENTRY_PATHS,
  createNonce,
  nonceContentSecurityPolicy,
  scriptHashSource,
  securityHeaders,
  sendsStrictTransportSecurity,
  STRICT_TRANSPORT_SECURITY,
  staticContentSecurityPolicy,
  staticPolicySource,
  usesNoncePolicy,
} from "./security-headers";
import { PROTECTED_PREFIXES, SIGN_IN_PREFIXES } from "./routes";

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

describe("static content security policy", () => {
  it("never allows eval in production and locks down plugins, base, framing and forms", () => {
    const policy = directives(staticContentSecurityPolicy(production));
    expect(policy.get("script-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
  });

  it("carries no nonce or hash, which would switch off the 'unsafe-inline' Next's bootstrap needs", () => {
    expect(staticContentSecurityPolicy(production)).not.toMatch(/'nonce-|'sha256-/);
  });

  it("adds eval and the websocket only for next dev, and the API origin when it is another one", () => {
    const policy = directives(staticContentSecurityPolicy({ dev: true, apiOrigin: "https://api.lenwell.example" }));
    expect(policy.get("script-src")).toContain("'unsafe-eval'");
    expect(policy.get("connect-src")).toEqual(["'self'", "https://api.lenwell.example", "ws:", "wss:"]);
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

  it.each(["/", "/mart/detail/LW-RO600", "/administrator", "/account/loginx", "/account/registered", "/account"])(
    "%s keeps the static policy",
    (path) => {
      expect(usesNoncePolicy(path)).toBe(false);
    },
  );

  it("next.config.ts puts the static policy on every path but the nonce pages (never two policies)", () => {
    // Next compiles `source` with path-to-regexp; the part after the leading "/" is a plain regex here.
    const pattern = new RegExp(`^${staticPolicySource()}$`);
    for (const path of ["/", "/faq", "/api/v1/c/user/profile", "/administrator", "/account/username", "/account/loginx"]) {
      expect(pattern.test(path), path).toBe(true);
    }
    for (const prefix of [...PROTECTED_PREFIXES, ...SIGN_IN_PREFIXES]) {
      expect(pattern.test(prefix), prefix).toBe(false);
      expect(pattern.test(`${prefix}/1`), `${prefix}/1`).toBe(false);
    }
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

  it("sends HSTS only from a production site whose public address is https", () => {
    expect(STRICT_TRANSPORT_SECURITY.value).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(sendsStrictTransportSecurity({ production: true, siteUrl: "https://shop.lenwell.example" })).toBe(true);
    expect(sendsStrictTransportSecurity({ production: true, siteUrl: "http://shop.lenwell.example" })).toBe(false);
    expect(sendsStrictTransportSecurity({ production: true, siteUrl: "http://localhost:3000" })).toBe(false);
    expect(sendsStrictTransportSecurity({ production: false, siteUrl: "https://shop.lenwell.example" })).toBe(false);
    expect(sendsStrictTransportSecurity({ production: true, siteUrl: "" })).toBe(false);
  });

  it("reduces the API base address to its origin", () => {
    expect(apiOriginOf("https://api.lenwell.example/base/")).toBe("https://api.lenwell.example");
    expect(apiOriginOf("")).toBe("");
  });
});
