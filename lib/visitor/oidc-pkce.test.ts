// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { CODE_VERIFIER_PATTERN } from "@/lib/config/oidc";
import { codeChallengeFor, nonceFor, randomToken } from "./oidc-pkce";

describe("PKCE and nonce values", () => {
  it("computes the S256 challenge of RFC 7636's example verifier", async () => {
    expect(await codeChallengeFor("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });

  it("makes fresh 43-character verifiers that the issuer accepts", () => {
    const first = randomToken();
    expect(first).toMatch(CODE_VERIFIER_PATTERN);
    expect(first).toHaveLength(43);
    expect(randomToken()).not.toBe(first);
  });

  it("derives a nonce that differs from the challenge and depends on the verifier", async () => {
    const verifier = randomToken();
    const nonce = await nonceFor(verifier);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce).not.toBe(await codeChallengeFor(verifier));
    expect(await nonceFor(verifier)).toBe(nonce);
    expect(await nonceFor(randomToken())).not.toBe(nonce);
  });
});
