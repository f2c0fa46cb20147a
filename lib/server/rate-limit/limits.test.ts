// @vitest-environment node
import { describe, expect, it } from "vitest";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { AppError } from "@/lib/server/base/errors";
import { AddressBucket, hashedKey, ipKey, isRefusal, tooManyAttempts, waitInWords } from "./limits";
import { memoryStore } from "./store";

describe("waitInWords", () => {
  it("says the wait in whole seconds, minutes or hours", () => {
    expect(waitInWords(0.2)).toBe("1 second");
    expect(waitInWords(1)).toBe("1 second");
    expect(waitInWords(8)).toBe("8 seconds");
    expect(waitInWords(59)).toBe("59 seconds");
    expect(waitInWords(60)).toBe("1 minute");
    expect(waitInWords(61)).toBe("2 minutes");
    expect(waitInWords(900)).toBe("15 minutes");
    expect(waitInWords(3_600)).toBe("1 hour");
    expect(waitInWords(20_000)).toBe("6 hours");
  });
});

describe("tooManyAttempts", () => {
  it("is a 429 with the wait in words and Retry-After in whole seconds", () => {
    const error = tooManyAttempts("Too many failed sign-in attempts.", 1_500);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe(429);
    expect(error.message).toBe("Too many failed sign-in attempts. Please wait 2 seconds and try again.");
    expect(error.headers).toEqual({ "Retry-After": "2" });
  });
});

describe("keys", () => {
  it("holds no e-mail address in the clear", () => {
    const key = hashedKey("account", "customer@lenwell.example");
    expect(key).not.toContain("customer");
    expect(key).toBe(hashedKey("account", "customer@lenwell.example"));
    expect(key).not.toBe(hashedKey("device", "customer@lenwell.example"));
  });

  it("counts an IPv6 client by its /64 and an IPv4 client by its address", () => {
    expect(ipKey("203.0.113.9")).toBe("203.0.113.9");
    expect(ipKey("2001:db8:aa:bb:1:2:3:4")).toBe("2001:db8:aa:bb::/64");
    expect(ipKey("2001:db8:aa:bb::9")).toBe("2001:db8:aa:bb::/64");
    expect(ipKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipKey("::1")).toBe("0:0:0:0::/64");
    expect(ipKey("2001:0db8:00aa::1")).toBe("2001:db8:aa:0::/64");
    expect(ipKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});

describe("AddressBucket", () => {
  it("counts each address apart, and never refuses a caller whose address is unknown", async () => {
    const bucket = new AddressBucket(memoryStore(), "t", { perIp: { points: 2, duration: 60 } });
    await bucket.take("203.0.113.9");
    await bucket.take("203.0.113.9");
    await expect(bucket.take("203.0.113.9")).rejects.toSatisfy(isRefusal);
    await bucket.take("203.0.113.10");
    // No shared bucket for the unknown: a thousand of them lock nobody out.
    for (let i = 0; i < 1_000; i += 1) await bucket.take(null);
    // Two addresses of one /64 are one client.
    await bucket.take("2001:db8::1");
    await bucket.take("2001:db8::2");
    await expect(bucket.take("2001:db8::3")).rejects.toSatisfy(isRefusal);
  });

  it("gives a point back", async () => {
    const bucket = new AddressBucket(memoryStore(), "t", { perIp: { points: 1, duration: 60 } });
    await bucket.take("203.0.113.9");
    await bucket.giveBack("203.0.113.9");
    await bucket.take("203.0.113.9");
    await expect(bucket.take("203.0.113.9")).rejects.toSatisfy(isRefusal);
  });

  it("tells a refusal from a failure", async () => {
    const limiter = new RateLimiterMemory({ points: 0, duration: 1 });
    const refusal = await limiter.consume("k").catch((error: unknown) => error);
    expect(isRefusal(refusal)).toBe(true);
    expect(isRefusal(new Error("Redis is down"))).toBe(false);
  });
});
