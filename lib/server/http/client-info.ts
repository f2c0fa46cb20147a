import "server-only";
import { isIP } from "node:net";
import { env } from "@/lib/config/env";
import type { SessionMeta } from "@/lib/server/auth/session";

// Where a request comes from. A route handler in Next 16 gets a web Request: no socket, no
// `request.ip`. Next's own server fills X-Forwarded-For with the socket's address only when the
// header is absent (`??=`), so without a proxy the header is whatever the caller chose to send.
// Hence: with TRUSTED_PROXY_HOPS=0 the address is unknown (null) and rate limits count per account
// only, never in a bucket all unknown callers share; with N trusted proxies, each
// appending the address it saw, the Nth entry from the right is the one the outermost proxy saw.

/** `ip` as a canonical address (IPv4-mapped IPv6 as plain IPv4, a port dropped), or null if it is not one. */
export function normaliseIp(raw: string): string | null {
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.indexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(value);
  if (mapped?.[1]) value = mapped[1];
  const version = isIP(value);
  if (version === 4) return value;
  if (version === 6) return value.toLowerCase();
  return null;
}

/**
 * The client address given the X-Forwarded-For value and how many proxies in front of the app
 * append to it. Null when no proxy is trusted, the chain is shorter than the proxies configured, or
 * the entry is not an address.
 */
export function forwardedClientIp(forwardedFor: string | null, trustedHops: number): string | null {
  if (trustedHops < 1 || !forwardedFor) return null;
  const entries = forwardedFor.split(",").map((entry) => entry.trim());
  const entry = entries[entries.length - trustedHops];
  if (entries.length < trustedHops || entry === undefined) return null;
  return normaliseIp(entry);
}

/** Who is calling, for the session record and the rate limits. */
export function clientInfo(request: Request): SessionMeta {
  return {
    userAgent: request.headers.get("user-agent"),
    ip: forwardedClientIp(request.headers.get("x-forwarded-for"), env.TRUSTED_PROXY_HOPS),
  };
}
