import "server-only";
import { CODE_GUESS_LIMITS, CODE_REQUEST_LIMITS } from "@/lib/config/auth";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/server/base/errors";
import { AddressBucket, isRefusal, tooManyAttempts } from "./limits";
import { PressureGauge, ProofOfWork } from "./proof-of-work";
import { perStore, type LimiterStore } from "./store";

// E-mail codes, per known client address: how many may be asked for (each one is an e-mail we
// send), and how many wrong ones may be tried at register and reset across all addresses. Each code
// also dies after 5 wrong tries; this stops guessing spread over many e-mail addresses. Per
// recipient, lib/server/auth/codes.ts caps the codes one address is sent. Shop-wide, past an hourly
// number of code e-mails every further request must carry a proof of work: a flood is slowed and
// pays for its own mail, while a newcomer's browser solves the puzzle and gets the code.

export class CodeThrottle {
  private readonly requests: AddressBucket;
  private readonly guesses: AddressBucket;
  private readonly mails: PressureGauge;
  private readonly proofs: ProofOfWork;

  constructor(store: LimiterStore) {
    this.proofs = new ProofOfWork(store);
    this.requests = new AddressBucket(store, "code:request", CODE_REQUEST_LIMITS);
    this.guesses = new AddressBucket(store, "code:guess", CODE_GUESS_LIMITS);
    this.mails = new PressureGauge(store, "code:mails", env.PROOF_OF_WORK_CODE_MAILS_PER_HOUR, 3_600);
  }

  /**
   * Runs `send` (which queues one code e-mail, or throws having queued none) if the request is
   * admitted: a 429 AppError once the address has asked for too many, a 428 with a puzzle while the
   * shop is sending more code e-mails than usual and `proof` solves none. The e-mail is counted
   * shop-wide before it is queued, so a burst of requests cannot all pass below the threshold.
   */
  async admitRequest<T>(ip: string | null, proof: string | null, send: () => Promise<T>): Promise<T> {
    const mail = await this.mails.reserve();
    try {
      await this.proofs.demand(proof, "code", mail.bits);
      try {
        await this.requests.take(ip);
      } catch (error) {
        throw isRefusal(error) ? tooManyAttempts("Too many codes have been requested.", error.msBeforeNext) : error;
      }
      return await send();
    } catch (error) {
      // No e-mail was queued.
      await mail.release();
      throw error;
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

/** The app's CodeThrottle, on the store limiterStore() answers. */
export const codeThrottle = perStore((store) => new CodeThrottle(store));
