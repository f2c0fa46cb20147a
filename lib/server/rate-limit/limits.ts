import "server-only";
import { createHash } from "node:crypto";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { RateRule } from "@/lib/config/auth";
import { AppError } from "@/lib/server/base/errors";
import type { Limiter, LimiterStore } from "./store";

/** True when a limiter refused (as opposed to failing). */
export function isRefusal(value: unknown): value is RateLimiterRes {
  return value instanceof RateLimiterRes;
}

/** "8 seconds", "3 minutes", "1 hour": a wait in whole units a customer reads at a glance. */
export function waitInWords(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 3_600) return plural(Math.ceil(seconds / 60), "minute");
  return plural(Math.ceil(seconds / 3_600), "hour");
}

/** The 429 a throttled call answers: how long to wait, in words and in Retry-After. */
export function tooManyAttempts(reason: string, waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return AppError.tooManyRequests(`${reason} Please wait ${waitInWords(seconds)} and try again.`, seconds);
}

/** Keys hold no e-mail address in the clear (they may sit in a shared Redis). */
export function hashedKey(kind: string, value: string): string {
  return createHash("sha256").update(`${kind}:${value}`).digest("base64url");
}

/**
 * One rule counted per client address, for callers whose address is known (behind trusted
 * proxies). An unknown address is not counted at all: one bucket shared by every unknown caller
 * would let one of them lock all the others out.
 */
export class AddressBucket {
  private readonly limiter: Limiter;

  constructor(store: LimiterStore, name: string, rules: { perIp: RateRule }) {
    this.limiter = store.create(`${name}:ip`, rules.perIp);
  }

  /** Takes one point; throws the limiter's refusal when the address has none left. */
  async take(ip: string | null): Promise<void> {
    if (ip) await this.limiter.consume(ipKey(ip));
  }

  /** Gives back a point taken for an attempt that turned out fine (or never ran). */
  async giveBack(ip: string | null): Promise<void> {
    if (ip) await this.limiter.reward(ipKey(ip));
  }
}

/**
 * IPv6 clients usually hold a whole /64, so an IPv6 address counts by its first four groups;
 * otherwise one attacker would have 2^64 fresh buckets.
 */
export function ipKey(ip: string): string {
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  // An embedded IPv4 tail (64:ff9b::192.0.2.1) fills two groups.
  const tailGroups = (ip.includes("::") && tail ? tail.split(":") : []).flatMap((group) => (group.includes(".") ? ["0", "0"] : [group]));
  const groups = ip.includes("::")
    ? [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
