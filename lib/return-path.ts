// The login-return-path cookie may only ever send someone to a path on this site.

const MAX_LENGTH = 512;

/** Returns the value when it is a same-site relative path, otherwise null (never an open redirect). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/")) return null;
  // "//host" and "/\host" are protocol-relative in browsers.
  if (value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters and backslashes have no place in our paths and confuse URL parsers.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const resolved = new URL(value, "http://same.invalid");
    if (resolved.origin !== "http://same.invalid") return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}
