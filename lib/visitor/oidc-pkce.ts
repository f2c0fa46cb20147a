// PKCE and nonce values of the OpenID sign-in, computed the same way in the browser and on the
// server (Web Crypto, available in both).

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function sha256Base64url(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return base64url(new Uint8Array(digest));
}

/** 32 random bytes, base64url: a code verifier (43 characters) or a state value. */
export function randomToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The S256 code challenge of a verifier (RFC 7636 §4.2). */
export function codeChallengeFor(verifier: string): Promise<string> {
  return sha256Base64url(verifier);
}

/**
 * The nonce sent with the authorization request. It is derived from the verifier so the server
 * can check the id token's nonce from the exchange body alone, without storing anything; the
 * prefix keeps it different from the code challenge, which the issuer also sees.
 */
export function nonceFor(verifier: string): Promise<string> {
  return sha256Base64url(`nonce:${verifier}`);
}
