// Reading and writing the shell's plain cookies (referral code, app platform, login return path) in
// the browser. Small on purpose: every page loads the shell, and cookies-next with its parser
// weighs about 4 KB gzip; the API client, which loads on demand, keeps using it.

/** A cookie's value in a `document.cookie` string, or undefined. */
export function cookieValue(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(";")) {
    const index = part.indexOf("=");
    if (index !== -1 && part.slice(0, index).trim() === name) {
      const raw = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

export function readCookie(name: string): string | undefined {
  return typeof document === "undefined" ? undefined : cookieValue(document.cookie, name);
}

/**
 * `; Secure` on a page served over https: the browser's side of the rule lib/config/transport.ts
 * keeps on the server (a page cannot read the server's SITE_URL; its own address says the same).
 */
export function secureAttributeHere(): string {
  return window.location.protocol === "https:" ? "; Secure" : "";
}

/** Sets a cookie for the whole site, SameSite=Lax (Secure on https). */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secureAttributeHere()}`;
}
