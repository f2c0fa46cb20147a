// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOGIN_LIMITS } from "@/lib/config/auth";
import { AppError } from "@/lib/server/http/errors";
import { failureDelaySeconds, LoginThrottle, type LoginSubject } from "./login-throttle";
import { memoryStore } from "./store";

const attacker: LoginSubject = { email: "customer@lenwell.example", device: null, ip: "203.0.113.9" };

/** The 429 a refused attempt throws, or null when it was admitted. */
async function refusal(throttle: LoginThrottle, subject: LoginSubject) {
  try {
    await throttle.begin(subject);
    return null;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message, retryAfter: error.headers["Retry-After"] };
    throw error;
  }
}

async function fail(throttle: LoginThrottle, subject: LoginSubject, times = 1) {
  for (let i = 0; i < times; i += 1) await (await throttle.begin(subject)).failed();
}

let now = Date.parse("2025-03-01T12:00:00Z");
function advance(seconds: number) {
  now += seconds * 1000;
  vi.setSystemTime(now);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("failureDelaySeconds", () => {
  it("lets four failures pass, then doubles the wait from 2 s up to 15 minutes", () => {
    expect([1, 2, 3, 4].map(failureDelaySeconds)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 13].map(failureDelaySeconds)).toEqual([2, 4, 8, 16, 512]);
    expect(failureDelaySeconds(14)).toBe(LOGIN_LIMITS.maxDelaySeconds);
    expect(failureDelaySeconds(500)).toBe(900);
  });
});

describe("LoginThrottle", () => {
  it("makes each failure after the fourth wait longer, and says how long", async () => {
    const throttle = new LoginThrottle(memoryStore());
    await fail(throttle, attacker, 4);
    expect(await refusal(throttle, attacker)).toBeNull();
    await fail(throttle, attacker);
    expect(await refusal(throttle, attacker)).toEqual({
      code: 429,
      message: "Too many failed sign-in attempts. Please wait 2 seconds and try again.",
      retryAfter: "2",
    });
    advance(1);
    expect((await refusal(throttle, attacker))?.retryAfter).toBe("1");
    advance(1);
    await fail(throttle, attacker);
    expect((await refusal(throttle, attacker))?.retryAfter).toBe("4");
    advance(4);
    await fail(throttle, attacker);
    expect((await refusal(throttle, attacker))?.retryAfter).toBe("8");
  });

  it("never makes anyone wait more than 15 minutes for the next try", async () => {
    const throttle = new LoginThrottle(memoryStore());
    for (let failure = 1; failure <= 20; failure += 1) {
      advance(LOGIN_LIMITS.maxDelaySeconds);
      await fail(throttle, attacker);
    }
    expect(await refusal(throttle, attacker)).toMatchObject({ retryAfter: "900", message: expect.stringContaining("15 minutes") });
  });

  it("counts the e-mail typed, whatever the address, and a success ends the streak", async () => {
    const throttle = new LoginThrottle(memoryStore());
    for (let i = 0; i < 5; i += 1) await fail(throttle, { ...attacker, ip: `198.51.100.${i}` });
    expect((await refusal(throttle, { ...attacker, ip: "192.0.2.1" }))?.code).toBe(429);
    expect(await refusal(throttle, { ...attacker, email: "someone-else@example.com" })).toBeNull();
    advance(2);
    await (await throttle.begin(attacker)).succeeded();
    await fail(throttle, attacker, 4);
    expect(await refusal(throttle, attacker)).toBeNull();
  });

  it("admits at most 100 attempts per account per hour, even all at once", async () => {
    const throttle = new LoginThrottle(memoryStore());
    const subjects = Array.from({ length: 130 }, (_, i) => ({ ...attacker, ip: `198.51.${Math.floor(i / 50)}.${i % 50}` }));
    const outcomes = await Promise.allSettled(subjects.map((subject) => throttle.begin(subject)));
    const admitted = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(admitted).toHaveLength(LOGIN_LIMITS.accountHourly.points);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({ code: 429, headers: { "Retry-After": "3600" } });
    for (const outcome of admitted) await outcome.value.failed();
    // Long after the streak's 15 minutes the hourly cap still holds, until the hour is over.
    advance(20 * 60);
    expect(await refusal(throttle, attacker)).toMatchObject({
      code: 429,
      retryAfter: String(40 * 60),
      message: expect.stringContaining("40 minutes"),
    });
    advance(40 * 60);
    expect(await refusal(throttle, attacker)).toBeNull();
  });

  it("does not count successful logins against the hourly cap", async () => {
    const throttle = new LoginThrottle(memoryStore());
    for (let i = 0; i < 150; i += 1) await (await throttle.begin(attacker)).succeeded();
    expect(await refusal(throttle, attacker)).toBeNull();
  });

  it("keeps the owner's trusted device apart from an attack on the account", async () => {
    const throttle = new LoginThrottle(memoryStore());
    const owner: LoginSubject = { ...attacker, device: "owner-device", ip: attacker.ip };
    await Promise.all(Array.from({ length: 100 }, async () => (await throttle.begin(attacker)).failed()));
    expect((await refusal(throttle, attacker))?.code).toBe(429);
    // Same account, even the same address: the owner's browser is admitted.
    const attempt = await throttle.begin(owner);
    await attempt.succeeded();
    // The device has its own streak: its failures wait, other devices do not.
    await fail(throttle, owner, 5);
    expect((await refusal(throttle, owner))?.retryAfter).toBe("2");
    expect(await refusal(throttle, { ...owner, device: "other-device" })).toBeNull();
  });

  it("caps each trusted device per hour too", async () => {
    const throttle = new LoginThrottle(memoryStore());
    const owner: LoginSubject = { ...attacker, device: "owner-device" };
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => throttle.begin(owner)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(LOGIN_LIMITS.deviceHourly.points);
  });

  it("blocks an address after 100 failures in a day, across accounts; other addresses go on", async () => {
    const throttle = new LoginThrottle(memoryStore());
    for (let i = 0; i < LOGIN_LIMITS.perIp.points; i += 1) {
      await fail(throttle, { ...attacker, email: `victim-${i}@example.com` });
    }
    expect(await refusal(throttle, { ...attacker, email: "fresh@example.com" })).toMatchObject({
      code: 429,
      retryAfter: "86400",
      message: expect.stringContaining("24 hours"),
    });
    expect(await refusal(throttle, { ...attacker, email: "fresh@example.com", ip: "192.0.2.1" })).toBeNull();
    // A refusal by address takes nothing from the account it named.
    expect(await refusal(throttle, { ...attacker, email: "victim-0@example.com", ip: "192.0.2.1" })).toBeNull();
  });

  it("puts every unknown address in one larger bucket", async () => {
    const throttle = new LoginThrottle(memoryStore());
    const unknown = { ...attacker, ip: null };
    const outcomes = await Promise.allSettled(
      Array.from({ length: LOGIN_LIMITS.unknownIp.points + 5 }, (_, i) => throttle.begin({ ...unknown, email: `u${i % 500}@example.com` })),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(LOGIN_LIMITS.unknownIp.points);
    expect(await refusal(throttle, { ...attacker, email: "u1@example.com" })).toBeNull();
  });

  it("forgets an account's failures after a password reset", async () => {
    const throttle = new LoginThrottle(memoryStore());
    await Promise.all(Array.from({ length: 100 }, async (_, i) => (await throttle.begin({ ...attacker, ip: `198.51.100.${i}` })).failed()));
    expect((await refusal(throttle, attacker))?.code).toBe(429);
    await throttle.clearAccount(attacker.email);
    expect(await refusal(throttle, attacker)).toBeNull();
  });
});
