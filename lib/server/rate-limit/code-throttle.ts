import "server-only";
import { CODE_GUESS_LIMITS, CODE_REQUEST_LIMITS } from "@/lib/config/auth";
import { AppError } from "@/lib/server/http/errors";
import { AddressBucket, isRefusal, tooManyAttempts } from "./limits";
import { limiterStore, type LimiterStore } from "./store";

// E-mail codes, per client address: how many may be asked for (each one is an e-mail we send), and
// how many wrong ones may be tried at register and reset across all addresses. Each code also dies
// after 5 wrong tries; this stops guessing spread over many e-mail addresses.

export class CodeThrottle {
  private readonly requests: AddressBucket;
  private readonly guesses: AddressBucket;

  constructor(store: LimiterStore) {
    this.requests = new AddressBucket(store, "code:request", CODE_REQUEST_LIMITS);
    this.guesses = new AddressBucket(store, "code:guess", CODE_GUESS_LIMITS);
  }

  /** Counts a request for a code; a 429 AppError once the address has asked for too many. */
  async admitRequest(ip: string | null): Promise<void> {
    try {
      await this.requests.take(ip);
    } catch (error) {
      throw isRefusal(error) ? tooManyAttempts("Too many codes have been requested.", error.msBeforeNext) : error;
    }
  }

  /**
   * Runs `check` (a code check that throws an AppError for a wrong or expired code) if the address
   * still may guess; a refused code keeps its point, anything else gives it back.
   */
  async guarded<T>(ip: string | null, check: () => Promise<T>): Promise<T> {
    try {
      await this.guesses.take(ip);
    } catch (error) {
      throw isRefusal(error) ? tooManyAttempts("Too many wrong codes were entered.", error.msBeforeNext) : error;
    }
    try {
      const result = await check();
      await this.guesses.giveBack(ip);
      return result;
    } catch (error) {
      if (!(error instanceof AppError)) await this.guesses.giveBack(ip);
      throw error;
    }
  }
}

let shared: CodeThrottle | null = null;

export function codeThrottle(): CodeThrottle {
  shared ??= new CodeThrottle(limiterStore());
  return shared;
}
