import "server-only";
import { randomBytes } from "node:crypto";
import { PROOF_OF_WORK } from "@/lib/config/auth";
import { AppError } from "@/lib/server/base/errors";
import { signValue, verifySignedValue } from "@/lib/server/base/signed";
import { formatChallenge, parseProof, PROOF_CHALLENGE_HEADER, PROOF_REQUIRED_STATUS } from "@/lib/proof-of-work/protocol";
import { solves } from "@/lib/proof-of-work/solver";
import { isRefusal } from "./limits";
import type { Limiter, LimiterStore, WindowCounter } from "./store";

// The server half of lib/proof-of-work: puzzles are signed (only this shop makes them), bound to
// what they are for, short-lived, and each is accepted once.

const SIGN_PURPOSE = "proof-of-work";

/** What a flood raises the price of. */
export type ProofScope = "login" | "code";

/** Bits asked for when `count` events in the gauge's window reach `threshold` or more: doubles in work as the count doubles. */
export function bitsFor(count: number, threshold: number): number {
  if (count < threshold) return 0;
  return Math.min(PROOF_OF_WORK.minBits + Math.floor(Math.log2(count / threshold)), PROOF_OF_WORK.maxBits);
}

/** One event counted in a PressureGauge before it happens. */
export interface Reservation {
  /** The proof of work this event owes, by the events counted before it in the window. */
  readonly bits: number;
  /** The event did not happen after all (refused, or it was no failure): its count is given back. */
  release(): Promise<void>;
}

/**
 * Counts events shop-wide over a window, and never refuses: it only tells how much proof of work
 * the next caller owes. It is the one thing unknown callers share, and it costs a customer a second
 * of their browser's time at most.
 *
 * An event is counted when it is about to happen (`reserve`), not once it is over: the count and
 * the caller's place in it come from one atomic increment (in Redis, shared by every instance), so
 * of any number of callers arriving at once exactly the threshold's worth owe nothing. A caller
 * that ends up not causing the event gives its count back.
 */
export class PressureGauge {
  private readonly events: WindowCounter;

  constructor(
    store: LimiterStore,
    name: string,
    private readonly threshold: number,
    windowSeconds: number,
  ) {
    this.events = store.counter(`pressure:${name}`, windowSeconds);
  }

  async reserve(): Promise<Reservation> {
    const counted = await this.events.add();
    // A count given back after its window ended would be taken from the next window's.
    const windowEnds = Date.now() + counted.msBeforeNext;
    let released = false;
    return {
      bits: bitsFor(counted.count - 1, this.threshold),
      release: async () => {
        if (released || Date.now() >= windowEnds) return;
        released = true;
        await counted.undo();
      },
    };
  }
}

export class ProofOfWork {
  private readonly used: Limiter;

  constructor(store: LimiterStore) {
    this.used = store.create("pow:used", { points: 1, duration: PROOF_OF_WORK.challengeTtlSeconds });
  }

  /** A new puzzle for `scope`. */
  challenge(scope: ProofScope, bits: number): string {
    const token = signValue(
      SIGN_PURPOSE,
      { s: scope, b: bits, id: randomBytes(12).toString("base64url") },
      PROOF_OF_WORK.challengeTtlSeconds,
    );
    return formatChallenge({ token, bits });
  }

  /**
   * Passes when no proof is owed (`bits` is 0) or `proof` (the request's X-Proof-Of-Work header)
   * solves a fresh puzzle for `scope` at `bits` or more; otherwise throws the 428 that carries a
   * new puzzle, which the browser client solves and sends again by itself. Answers whether a proof
   * was owed and spent: the caller paid for its turn.
   */
  async demand(proof: string | null, scope: ProofScope, bits: number): Promise<boolean> {
    if (bits <= 0) return false;
    if (await this.accepts(proof, scope, bits)) return true;
    throw new AppError(PROOF_REQUIRED_STATUS, "The shop is very busy right now. Your browser needs a moment to confirm this request.", [], {
      [PROOF_CHALLENGE_HEADER]: this.challenge(scope, bits),
    });
  }

  private async accepts(proof: string | null, scope: ProofScope, bits: number): Promise<boolean> {
    const solution = parseProof(proof);
    if (!solution) return false;
    const payload = verifySignedValue(SIGN_PURPOSE, solution.token);
    if (!payload || payload.s !== scope || typeof payload.b !== "number" || payload.b < bits || typeof payload.id !== "string")
      return false;
    if (!solves(solution.token, solution.nonce, payload.b)) return false;
    try {
      await this.used.consume(payload.id);
      return true;
    } catch (error) {
      if (isRefusal(error)) return false;
      throw error;
    }
  }
}
