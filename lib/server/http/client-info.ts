import "server-only";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/config/env";
import { currentPeerAddress } from "@/lib/log/request-context";
import type { SessionMeta } from "@/lib/server/auth/session";

// Where a request comes from. A route handler in Next 16 gets a web Request: no socket, no
// `request.ip`. Next's own server fills X-Forwarded-For with the socket's address only when the
// header is absent (`??=`), so without a proxy the header is whatever the caller chose to send.
// Hence: with TRUSTED_PROXY_HOPS=0 the address is unknown (null) and rate limits count per account
// only, never in a bucket all unknown callers share; with N trusted proxies, each
// appending the address it saw, the Nth entry from the right is the one the outermost proxy saw.
// The header is believed only on a connection from TRUSTED_PROXY_ADDRESSES (the connection's address
// comes from the socket, through lib/server/log/request-tracking.ts): a caller that reaches an
// instance around the proxy is counted under its own address, whatever it writes in the header.

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

/** The addresses and ranges of TRUSTED_PROXY_ADDRESSES (validated by lib/config/env), as a set to test against. */
export function proxyAddressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * The client address: the one the proxies forwarded when the connection is a trusted proxy's, the
 * connection's own when it is not (a caller around the proxy), null when no proxy is configured or
 * the connection's address is unknown.
 */
export function clientIp(
  forwardedFor: string | null,
  peerAddress: string | undefined,
  settings: { trustedHops: number; trustedProxies: BlockList },
): string | null {
  if (settings.trustedHops < 1) return null;
  const peer = peerAddress === undefined ? null : normaliseIp(peerAddress);
  if (peer === null) return null;
  if (!settings.trustedProxies.check(peer, isIP(peer) === 6 ? "ipv6" : "ipv4")) return peer;
  return forwardedClientIp(forwardedFor, settings.trustedHops);
}

let trusted: { source: readonly string[]; list: BlockList } | undefined;

/** TRUSTED_PROXY_ADDRESSES as a list, built again only when the setting changes (tests change it). */
function trustedProxies(): BlockList {
  if (trusted?.source !== env.TRUSTED_PROXY_ADDRESSES) {
    trusted = { source: env.TRUSTED_PROXY_ADDRESSES, list: proxyAddressList(env.TRUSTED_PROXY_ADDRESSES) };
  }
  return trusted.list;
}

/** Who is calling, for the session record and the rate limits. */
export function clientInfo(request: Request): SessionMeta {
  return {
    userAgent: request.headers.get("user-agent"),
    ip: clientIp(request.headers.get("x-forwarded-for"), currentPeerAddress(), {
      trustedHops: env.TRUSTED_PROXY_HOPS,
      trustedProxies: trustedProxies(),
    }),
  };
}
