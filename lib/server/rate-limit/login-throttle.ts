import "server-only";
import { LOGIN_LIMITS, LOGIN_STEP_UP } from "@/lib/config/auth";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/server/base/errors";
import { AddressBucket, hashedKey, isRefusal, tooManyAttempts } from "./limits";
import { PressureGauge, ProofOfWork } from "./proof-of-work";
import { perStore, type Limiter, type LimiterStore } from "./store";

// Failed password logins. Three paths, by what the browser brings:
// - a trusted-device cookie for the account: the device's own streak and hourly cap, nothing else,
//   so failures from anywhere else never reach the owner's browser;
// - a sign-in link from the account's e-mail (step-up): the link's own few attempts;
// - neither: per e-mail typed (known or not, counted alike) the first LOGIN_LIMITS.checkedFailures
//   wrong passwords are checked; after them the account is under attack and a password is checked
//   only with a sign-in link, which the owner is sent. Nobody is locked out: the owner has the link
//   (or their trusted device), the attacker has no more guesses. Plus a cap per known address.
// Every attempt is counted before the password is checked, so a burst of parallel guesses cannot
// overshoot a limit: the per-account count, and shop-wide the pressure gauge that asks for a proof
// of work (an anonymous attempt reserves its place in it before its hash, keeps it if the password
// was wrong and gives it back if it was right or never checked).

const REASON = "Too many failed sign-in attempts.";

export interface LoginSubject {
  /** The normalised e-mail that was typed, whether or not an account has it. */
  email: string;
  /** The rate-limit bucket of a trusted device of that account, or null. */
  device: string | null;
  /** The rate-limit bucket of a valid sign-in link for that account, or null. */
  link: string | null;
  ip: string | null;
  /** The X-Proof-Of-Work header the attempt carried, if any. */
  proof: string | null;
}

export interface LoginAttempt {
  /**
   * The attempt paid for its turn or holds a key to the account (a solved puzzle, a trusted device,
   * a sign-in link): its password is checked ahead of anonymous attempts admitted for free.
   */
  vouched: boolean;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/** The account has had too many wrong passwords: only a sign-in link from its e-mail lets one be checked. */
export const STEP_UP_REQUIRED = "step-up";

/** Seconds a trusted device waits after its `failures`-th consecutive failure: 0, then 2, 4, 8 … up to the maximum. */
export function failureDelaySeconds(failures: number): number {
  const beyond = failures - LOGIN_LIMITS.freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(2 ** beyond, LOGIN_LIMITS.maxDelaySeconds);
}

/** The gap before the `sent`-th sign-in link mail of a day may be followed by another: 5 minutes, doubling, at most 2 hours. */
export function linkMailIntervalSeconds(sent: number): number {
  return Math.min(LOGIN_STEP_UP.firstIntervalSeconds * 2 ** Math.max(0, sent - 1), LOGIN_STEP_UP.maxIntervalSeconds);
}

async function take(limiter: Limiter, key: string, reason = REASON): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    throw isRefusal(error) ? tooManyAttempts(reason, error.msBeforeNext) : error;
  }
}

/** Consecutive failures of a trusted device and the wait they impose. */
class Streak {
  private readonly count: Limiter;
  private readonly wait: Limiter;

  constructor(store: LimiterStore, name: string) {
    // The count never refuses (it only grows by penalty); `points` is unused.
    this.count = store.create(`${name}:streak`, { points: 1, duration: LOGIN_LIMITS.streakSeconds });
    this.wait = store.create(`${name}:wait`, { points: 1, duration: LOGIN_LIMITS.maxDelaySeconds });
  }

  async assertNotWaiting(key: string): Promise<void> {
    const state = await this.wait.get(key);
    // `block` stores points + 1; an expired record may linger until its timer runs.
    if (state && state.consumedPoints > 1 && state.msBeforeNext > 0) throw tooManyAttempts(REASON, state.msBeforeNext);
  }

  async failed(key: string): Promise<void> {
    const { consumedPoints } = await this.count.penalty(key);
    const delay = failureDelaySeconds(consumedPoints);
    if (delay > 0) await this.wait.block(key, delay);
  }

  async clear(key: string): Promise<void> {
    await Promise.all([this.count.delete(key), this.wait.delete(key)]);
  }
}

export class LoginThrottle {
  private readonly accountAttempts: Limiter;
  private readonly deviceStreak: Streak;
  private readonly deviceHourly: Limiter;
  private readonly linkAttempts: Limiter;
  private readonly linkMailGate: Limiter;
  private readonly linkMailCount: Limiter;
  private readonly address: AddressBucket;
  private readonly failures: PressureGauge;
  private readonly proofs: ProofOfWork;

  /** `failuresPerMinute`: the shop-wide failures past which an anonymous attempt owes a proof of work. */
  constructor(store: LimiterStore, failuresPerMinute = env.PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE) {
    // Never refuses: only its count matters (`penalty` adds to it, atomically).
    this.accountAttempts = store.create("login:account:attempts", {
      points: Number.MAX_SAFE_INTEGER,
      duration: LOGIN_LIMITS.streakSeconds,
    });
    this.deviceStreak = new Streak(store, "login:device");
    this.deviceHourly = store.create("login:device:hourly", LOGIN_LIMITS.deviceHourly);
    this.linkAttempts = store.create("login:link:attempts", {
      points: LOGIN_STEP_UP.attemptsPerLink,
      duration: 2 * LOGIN_STEP_UP.maxIntervalSeconds,
    });
    this.linkMailGate = store.create("login:link:gate", { points: 1, duration: LOGIN_STEP_UP.firstIntervalSeconds });
    this.linkMailCount = store.create("login:link:sent", { points: Number.MAX_SAFE_INTEGER, duration: 86_400 });
    this.address = new AddressBucket(store, "login", LOGIN_LIMITS);
    this.failures = new PressureGauge(store, "login:failures", failuresPerMinute, 60);
    this.proofs = new ProofOfWork(store);
  }

  /**
   * Admits one attempt, or answers STEP_UP_REQUIRED when the account needs a sign-in link, or
   * throws a 428 AppError with a puzzle while the shop is flooded with failures and the attempt
   * carries no proof, or a 429 saying how long to wait.
   */
  async begin(subject: LoginSubject): Promise<LoginAttempt | typeof STEP_UP_REQUIRED> {
    if (subject.device) return this.beginOnDevice(subject.device);
    if (subject.link) return this.beginWithLink(subject.link);
    // The place in the shop-wide count is taken first, so parallel attempts cannot all see the
    // count below the threshold; it is kept only by a password checked and found wrong.
    const failure = await this.failures.reserve();
    let checked = false;
    try {
      const proven = await this.proofs.demand(subject.proof, "login", failure.bits);
      const key = hashedKey("account", subject.email);
      try {
        await this.address.take(subject.ip);
      } catch (error) {
        throw isRefusal(error) ? tooManyAttempts(REASON, error.msBeforeNext) : error;
      }
      const { consumedPoints } = await this.accountAttempts.penalty(key);
      if (consumedPoints > LOGIN_LIMITS.checkedFailures) {
        // No password is checked, so the address gets its point back.
        await this.address.giveBack(subject.ip);
        return STEP_UP_REQUIRED;
      }
      checked = true;
      return {
        vouched: proven,
        // Counted already: the reservation stays.
        failed: async () => undefined,
        succeeded: async () => {
          await Promise.all([this.accountAttempts.delete(key), this.address.giveBack(subject.ip), failure.release()]);
        },
      };
    } finally {
      if (!checked) await failure.release();
    }
  }

  private async beginOnDevice(device: string): Promise<LoginAttempt> {
    const key = hashedKey("device", device);
    await this.deviceStreak.assertNotWaiting(key);
    await take(this.deviceHourly, key);
    return {
      vouched: true,
      failed: () => this.deviceStreak.failed(key),
      succeeded: async () => {
        await Promise.all([this.deviceHourly.reward(key), this.deviceStreak.clear(key)]);
      },
    };
  }

  private async beginWithLink(link: string): Promise<LoginAttempt> {
    const key = hashedKey("link", link);
    try {
      await this.linkAttempts.consume(key);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const message = "This sign-in link has been used for too many wrong passwords. Sign in again to be sent a new one.";
      throw new AppError(403, message);
    }
    return { vouched: true, failed: async () => undefined, succeeded: async () => undefined };
  }

  /**
   * Whether a sign-in link may be mailed to the account now, and if so how long it should live.
   * The first goes at once; each further one of the day waits twice as long as the last (so an
   * attacker cannot flood the owner's mailbox), and each lives twice its wait, so the newest link
   * in the mailbox always works.
   */
  async linkMailTtl(email: string): Promise<number | null> {
    const key = hashedKey("account", email);
    try {
      await this.linkMailGate.consume(key);
    } catch (error) {
      if (isRefusal(error)) return null;
      throw error;
    }
    const { consumedPoints } = await this.linkMailCount.penalty(key);
    const interval = linkMailIntervalSeconds(consumedPoints);
    await this.linkMailGate.block(key, interval);
    return Math.max(LOGIN_STEP_UP.minLinkTtlSeconds, 2 * interval);
  }

  /** After a password reset: the account's count starts again. */
  async clearAccount(email: string): Promise<void> {
    await this.accountAttempts.delete(hashedKey("account", email));
  }
}

/** The app's LoginThrottle, on the store limiterStore() answers. */
export const loginThrottle = perStore((store) => new LoginThrottle(store));
