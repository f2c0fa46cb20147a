import "server-only";
import { LOGIN_LIMITS } from "@/lib/config/auth";
import { AddressBucket, hashedKey, isRefusal, tooManyAttempts } from "./limits";
import { limiterStore, type Limiter, type LimiterStore } from "./store";

// Failed password logins. Two paths:
// - with a trusted-device cookie for the account: the device's own streak and hourly cap, nothing
//   else, so failures from anywhere else never reach the owner's browser;
// - otherwise: per e-mail typed (known or not, counted alike) a streak that adds a growing wait
//   from the fifth failure on, a hard cap of failures per hour, and a cap per client address.
// Points for the caps are taken before the password is checked and given back on success, so a
// burst of parallel guesses cannot overshoot a cap.

const REASON = "Too many failed sign-in attempts.";

export interface LoginSubject {
  /** The normalised e-mail that was typed, whether or not an account has it. */
  email: string;
  /** The rate-limit bucket of a trusted device of that account, or null. */
  device: string | null;
  ip: string | null;
}

export interface LoginAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/** Seconds to wait after the `failures`-th consecutive failure: 0, then 2, 4, 8 … up to the maximum. */
export function failureDelaySeconds(failures: number): number {
  const beyond = failures - LOGIN_LIMITS.freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(2 ** beyond, LOGIN_LIMITS.maxDelaySeconds);
}

async function take(limiter: Limiter, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    throw isRefusal(error) ? tooManyAttempts(REASON, error.msBeforeNext) : error;
  }
}

/** Consecutive failures of one bucket and the wait they impose. */
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
  private readonly accountStreak: Streak;
  private readonly accountHourly: Limiter;
  private readonly deviceStreak: Streak;
  private readonly deviceHourly: Limiter;
  private readonly address: AddressBucket;

  constructor(store: LimiterStore) {
    this.accountStreak = new Streak(store, "login:account");
    this.accountHourly = store.create("login:account:hourly", LOGIN_LIMITS.accountHourly);
    this.deviceStreak = new Streak(store, "login:device");
    this.deviceHourly = store.create("login:device:hourly", LOGIN_LIMITS.deviceHourly);
    this.address = new AddressBucket(store, "login", LOGIN_LIMITS);
  }

  /** Admits one attempt or throws a 429 AppError saying how long to wait. */
  async begin(subject: LoginSubject): Promise<LoginAttempt> {
    if (subject.device) {
      const key = hashedKey("device", subject.device);
      await this.deviceStreak.assertNotWaiting(key);
      await take(this.deviceHourly, key);
      return {
        failed: () => this.deviceStreak.failed(key),
        succeeded: async () => {
          await Promise.all([this.deviceHourly.reward(key), this.deviceStreak.clear(key)]);
        },
      };
    }
    const key = hashedKey("account", subject.email);
    await this.accountStreak.assertNotWaiting(key);
    try {
      await this.address.take(subject.ip);
    } catch (error) {
      throw isRefusal(error) ? tooManyAttempts(REASON, error.msBeforeNext) : error;
    }
    try {
      await take(this.accountHourly, key);
    } catch (error) {
      // No password was checked, so the address keeps its point.
      await this.address.giveBack(subject.ip);
      throw error;
    }
    return {
      failed: () => this.accountStreak.failed(key),
      succeeded: async () => {
        await Promise.all([this.accountHourly.reward(key), this.address.giveBack(subject.ip), this.accountStreak.clear(key)]);
      },
    };
  }

  /** After a password reset: the account's streak, wait and hourly count start again. */
  async clearAccount(email: string): Promise<void> {
    const key = hashedKey("account", email);
    await Promise.all([this.accountStreak.clear(key), this.accountHourly.delete(key)]);
  }
}

let shared: LoginThrottle | null = null;

export function loginThrottle(): LoginThrottle {
  shared ??= new LoginThrottle(limiterStore());
  return shared;
}
