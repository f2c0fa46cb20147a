// @vitest-environment node
import { describe, expect, it } from "vitest";
import { standingClock } from "@/test/support/clock";
import { LOGIN_LIMITS, LOGIN_STEP_UP, PROOF_OF_WORK } from "@/lib/config/auth";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/server/base/errors";
import {
  failureDelaySeconds,
  linkMailIntervalSeconds,
  LoginThrottle,
  STEP_UP_REQUIRED,
  type LoginAttempt,
  type LoginSubject,
} from "./login-throttle";
import { formatProof, parseChallenge, PROOF_CHALLENGE_HEADER, PROOF_REQUIRED_STATUS, type Challenge } from "@/lib/proof-of-work/protocol";
import { solveChallenge } from "@/lib/proof-of-work/solver";
import { memoryStore } from "./store";

const attacker: LoginSubject = { email: "customer@lenwell.example", device: null, link: null, ip: "203.0.113.9", proof: null };

type Outcome =
  "admitted" | typeof STEP_UP_REQUIRED | { code: number; message: string; retryAfter: string | undefined; challenge: Challenge | null };

/** What an attempt meets: admitted (the password would be checked), step-up, or a refusal. */
async function outcome(throttle: LoginThrottle, subject: LoginSubject): Promise<Outcome> {
  try {
    const attempt = await throttle.begin(subject);
    return attempt === STEP_UP_REQUIRED ? attempt : "admitted";
  } catch (error) {
    if (error instanceof AppError)
      return {
        code: error.code,
        message: error.message,
        retryAfter: error.headers["Retry-After"],
        challenge: parseChallenge(error.headers[PROOF_CHALLENGE_HEADER] ?? null),
      };
    throw error;
  }
}

/** The proof that solves the puzzle an outcome set. */
async function solved(seen: Outcome): Promise<string> {
  const challenge = typeof seen === "object" ? seen.challenge : null;
  if (!challenge) throw new Error(`no puzzle was set: ${JSON.stringify(seen)}`);
  return formatProof(challenge.token, await solveChallenge(challenge));
}

const puzzle = (bits: number) => ({ code: PROOF_REQUIRED_STATUS, challenge: expect.objectContaining({ bits }) as unknown });

async function admitted(throttle: LoginThrottle, subject: LoginSubject): Promise<LoginAttempt> {
  const attempt = await throttle.begin(subject);
  if (attempt === STEP_UP_REQUIRED) throw new Error("expected the password to be checked");
  return attempt;
}

async function fail(throttle: LoginThrottle, subject: LoginSubject, times = 1) {
  for (let i = 0; i < times; i += 1) await (await admitted(throttle, subject)).failed();
}

const advance = standingClock("2025-03-01T12:00:00Z");

describe("failureDelaySeconds (trusted devices)", () => {
  it("lets four failures pass, then doubles the wait from 2 s up to 15 minutes", () => {
    expect([1, 2, 3, 4].map(failureDelaySeconds)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 13].map(failureDelaySeconds)).toEqual([2, 4, 8, 16, 512]);
    expect(failureDelaySeconds(500)).toBe(LOGIN_LIMITS.maxDelaySeconds);
  });
});

describe("linkMailIntervalSeconds", () => {
  it("spaces sign-in link mails from 5 minutes, doubling, to at most 2 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(linkMailIntervalSeconds)).toEqual([300, 600, 1_200, 2_400, 4_800, 7_200, 7_200]);
  });
});

describe("LoginThrottle", () => {
  it("checks the first ten wrong passwords for an account, then asks for a sign-in link instead of locking anyone out", async () => {
    const throttle = new LoginThrottle(memoryStore());
    await fail(throttle, attacker, LOGIN_LIMITS.checkedFailures);
    expect(await outcome(throttle, attacker)).toBe(STEP_UP_REQUIRED);
    // Hours later it is still step-up, never "wait an hour": the owner's way in is the link.
    advance(3 * 3_600);
    expect(await outcome(throttle, attacker)).toBe(STEP_UP_REQUIRED);
    // A day without a success forgets the streak.
    advance(LOGIN_LIMITS.streakSeconds);
    expect(await outcome(throttle, attacker)).toBe("admitted");
  });

  it("counts each attempt before its password is checked: of 60 parallel guesses only ten are checked", async () => {
    const throttle = new LoginThrottle(memoryStore());
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => outcome(throttle, attacker)));
    expect(outcomes.filter((seen) => seen === "admitted")).toHaveLength(LOGIN_LIMITS.checkedFailures);
    expect(outcomes.filter((seen) => seen === STEP_UP_REQUIRED)).toHaveLength(60 - LOGIN_LIMITS.checkedFailures);
  });

  it("counts the e-mail typed, whatever the address, and a success ends the streak", async () => {
    const throttle = new LoginThrottle(memoryStore());
    for (let i = 0; i < LOGIN_LIMITS.checkedFailures; i += 1) await fail(throttle, { ...attacker, ip: `198.51.100.${i}` });
    expect(await outcome(throttle, { ...attacker, ip: "192.0.2.1" })).toBe(STEP_UP_REQUIRED);
    expect(await outcome(throttle, { ...attacker, email: "someone-else@example.com" })).toBe("admitted");

    const other = { ...attacker, email: "typo@example.com" };
    await fail(throttle, other, LOGIN_LIMITS.checkedFailures - 1);
    await (await admitted(throttle, other)).succeeded();
    await fail(throttle, other, LOGIN_LIMITS.checkedFailures);
    expect(await outcome(throttle, other)).toBe(STEP_UP_REQUIRED);
  });

  it("gives each sign-in link its own few attempts", async () => {
    const throttle = new LoginThrottle(memoryStore());
    await fail(throttle, attacker, LOGIN_LIMITS.checkedFailures);
    const owner = { ...attacker, link: "link-1" };
    for (let i = 0; i < LOGIN_STEP_UP.attemptsPerLink; i += 1) await fail(throttle, owner);
    expect(await outcome(throttle, owner)).toMatchObject({ code: 403, message: expect.stringContaining("sign-in link") });
    expect(await outcome(throttle, { ...owner, link: "link-2" })).toBe("admitted");
  });

  it("keeps the owner's trusted device apart from an attack on the account", async () => {
    const throttle = new LoginThrottle(memoryStore());
    const owner: LoginSubject = { ...attacker, device: "owner-device" };
    await Promise.all(Array.from({ length: 100 }, () => outcome(throttle, attacker)));
    expect(await outcome(throttle, attacker)).toBe(STEP_UP_REQUIRED);
    // Same account, even the same address: the owner's browser is admitted.
    await (await admitted(throttle, owner)).succeeded();
    // The device has its own streak: its failures wait, other devices do not.
    await fail(throttle, owner, 5);
    expect(await outcome(throttle, owner)).toMatchObject({ code: 429, retryAfter: "2" });
    expect(await outcome(throttle, { ...owner, device: "other-device" })).toBe("admitted");
  });

  it("caps each trusted device per hour too", async () => {
    const throttle = new LoginThrottle(memoryStore());
    const owner: LoginSubject = { ...attacker, device: "owner-device" };
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => outcome(throttle, owner)));
    expect(outcomes.filter((seen) => seen === "admitted")).toHaveLength(LOGIN_LIMITS.deviceHourly.points);
  });

  it("blocks a known address after 100 failures in a day, across accounts; other addresses go on", async () => {
    // The shop-wide puzzle is not what is tested here.
    const throttle = new LoginThrottle(memoryStore(), Number.MAX_SAFE_INTEGER);
    for (let i = 0; i < LOGIN_LIMITS.perIp.points; i += 1) await fail(throttle, { ...attacker, email: `victim-${i}@example.com` });
    expect(await outcome(throttle, { ...attacker, email: "fresh@example.com" })).toMatchObject({
      code: 429,
      retryAfter: "86400",
      message: expect.stringContaining("24 hours"),
    });
    expect(await outcome(throttle, { ...attacker, email: "fresh@example.com", ip: "192.0.2.1" })).toBe("admitted");
  });

  it("puts unknown addresses in no shared bucket: a flood from them locks nobody else out", async () => {
    // Past the shop-wide mark everyone owes a puzzle (tested below), which is no lockout either.
    const throttle = new LoginThrottle(memoryStore(), Number.MAX_SAFE_INTEGER);
    for (let i = 0; i < 1_000; i += 1) await fail(throttle, { ...attacker, ip: null, email: `made-up-${i}@example.com` });
    expect(await outcome(throttle, { ...attacker, ip: null, email: "customer@example.com" })).toBe("admitted");
  });

  it("asks for a proof of work once failures across the shop pass the per-minute mark, harder as they grow", async () => {
    // A low mark, so the flood that solves its puzzles below solves few.
    const threshold = 4;
    const throttle = new LoginThrottle(memoryStore(), threshold);
    const stranger = (i: number): LoginSubject => ({ ...attacker, ip: null, email: `flood-${Date.now()}-${i}@example.com` });
    for (let i = 0; i < threshold; i += 1) await fail(throttle, stranger(i));
    expect(await outcome(throttle, stranger(-1))).toMatchObject(puzzle(PROOF_OF_WORK.minBits));
    // A flood that solves every puzzle: each failure it pays for still counts, and the price doubles in work as the count doubles.
    for (let i = threshold; i < 2 * threshold; i += 1)
      await (await admitted(throttle, { ...stranger(i), proof: await solved(await outcome(throttle, stranger(i))) })).failed();
    expect(await outcome(throttle, stranger(-1))).toMatchObject(puzzle(PROOF_OF_WORK.minBits + 1));
    advance(61);
    expect(await outcome(throttle, stranger(-1))).toBe("admitted");
  });

  it("counts an attempt shop-wide before its password is checked: of 400 at once only the threshold's worth is admitted, the rest owe a puzzle", async () => {
    const throttle = new LoginThrottle(memoryStore());
    const outcomes = await Promise.all(
      Array.from({ length: 400 }, (_, i) => outcome(throttle, { ...attacker, ip: null, email: `burst-${Date.now()}-${i}@example.com` })),
    );
    const threshold = env.PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE;
    expect(outcomes.filter((seen) => seen === "admitted")).toHaveLength(threshold);
    const owed = outcomes.filter((seen) => typeof seen === "object" && seen.code === PROOF_REQUIRED_STATUS);
    expect(owed).toHaveLength(400 - threshold);
    expect(owed[0]).toMatchObject(puzzle(PROOF_OF_WORK.minBits));
  });

  it("admits a solved puzzle as vouched for, and gives the count back for a right password or one never checked", async () => {
    const throttle = new LoginThrottle(memoryStore());
    const threshold = env.PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE;
    const stranger = (i: number): LoginSubject => ({ ...attacker, ip: null, email: `quiet-${Date.now()}-${i}@example.com` });
    // Right passwords are no failures: after any number of them nothing is owed.
    for (let i = 0; i < 2 * threshold; i += 1) {
      const attempt = await admitted(throttle, stranger(i));
      expect(attempt.vouched).toBe(false);
      await attempt.succeeded();
    }
    // Attempts that stop at the account's own limit are never checked either.
    const target = stranger(-1);
    await fail(throttle, target, LOGIN_LIMITS.checkedFailures);
    for (let i = 0; i < threshold; i += 1) expect(await outcome(throttle, target)).toBe(STEP_UP_REQUIRED);
    for (let i = LOGIN_LIMITS.checkedFailures; i < threshold; i += 1) await fail(throttle, stranger(i));
    const customer = stranger(-2);
    const owed = await outcome(throttle, customer);
    expect(owed).toMatchObject(puzzle(PROOF_OF_WORK.minBits));
    const attempt = await admitted(throttle, { ...customer, proof: await solved(owed) });
    expect(attempt.vouched).toBe(true);
  });

  it("sends the owner a sign-in link at once, then at growing gaps, each link outliving its gap", async () => {
    const throttle = new LoginThrottle(memoryStore());
    expect(await throttle.linkMailTtl(attacker.email)).toBe(LOGIN_STEP_UP.minLinkTtlSeconds);
    expect(await throttle.linkMailTtl(attacker.email)).toBeNull();
    advance(300);
    expect(await throttle.linkMailTtl(attacker.email)).toBe(1_800);
    advance(599);
    expect(await throttle.linkMailTtl(attacker.email)).toBeNull();
    advance(1);
    expect(await throttle.linkMailTtl(attacker.email)).toBe(2_400);
    // Parallel requests send one mail.
    advance(1_200);
    const parallel = await Promise.all(Array.from({ length: 20 }, () => throttle.linkMailTtl(attacker.email)));
    expect(parallel.filter((ttl) => ttl !== null)).toHaveLength(1);
  });

  it("forgets an account's failures after a password reset", async () => {
    const throttle = new LoginThrottle(memoryStore());
    await fail(throttle, attacker, LOGIN_LIMITS.checkedFailures);
    expect(await outcome(throttle, attacker)).toBe(STEP_UP_REQUIRED);
    await throttle.clearAccount(attacker.email);
    expect(await outcome(throttle, attacker)).toBe("admitted");
  });
});
