import "server-only";
import { hash, verify } from "@node-rs/argon2";
import {
  PASSWORD_HASH_CONCURRENCY,
  PASSWORD_HASH_MAX_WAIT_MS,
  PASSWORD_HASH_OPTIONS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@/lib/config/auth";
import { AppError } from "@/lib/server/base/errors";
import { isCommonPassword } from "./common-passwords";

/** Checks the password rules (8–128 characters, not a common password); no composition rules. */
export function assertPasswordAcceptable(password: string, field = "password"): void {
  // Counted in characters as people see them, not UTF-16 units.
  const length = [...password].length;
  const problem =
    length < PASSWORD_MIN_LENGTH
      ? `Use at least ${PASSWORD_MIN_LENGTH} characters.`
      : length > PASSWORD_MAX_LENGTH
        ? `Use at most ${PASSWORD_MAX_LENGTH} characters.`
        : isCommonPassword(password)
          ? "This password is too common. Choose one that is harder to guess."
          : null;
  if (problem) throw new AppError(422, `${field}: ${problem}`, [{ path: field, message: problem }]);
}

/**
 * Whose hash waits in which line. `vouched`: someone who paid for the turn or holds a key (a solved
 * puzzle, a trusted device, a sign-in link, an e-mailed code, a session). `anonymous`: a password
 * login admitted for free while the shop was quiet; a burst can fill this line up to the proof-of-
 * work threshold (lib/server/rate-limit), and the customer who solves the puzzle set once it is
 * reached must not wait behind it.
 */
export type HashLine = "vouched" | "anonymous";

/**
 * Runs password hashes a few at a time. Each argon2 hash takes a core for tens of milliseconds; a
 * storm of logins hashing all at once would take every core from page rendering. A free slot goes
 * to the vouched line first, then to the anonymous one. Queued work that has waited too long is
 * refused with a 503 instead of piling up.
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: Record<HashLine, Array<{ start: () => void; since: number }>> = { vouched: [], anonymous: [] };

  constructor(
    private readonly concurrency: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(line: HashLine, work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      const since = Date.now();
      await new Promise<void>((start) => this.waiting[line].push({ start, since }));
      if (Date.now() - since > this.maxWaitMs) {
        this.next();
        throw AppError.serviceUnavailable(5, "The shop is very busy right now. Please try again in a few seconds.");
      }
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  /** Hands the slot of a finished hash to the next in line, vouched first. */
  private next(): void {
    const following = this.waiting.vouched.shift() ?? this.waiting.anonymous.shift();
    if (following) following.start();
    else this.running -= 1;
  }

  get queued(): number {
    return this.waiting.vouched.length + this.waiting.anonymous.length;
  }
}

const hashes = new HashQueue(PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_MAX_WAIT_MS);

/** A new password's hash, made for someone vouched for (an e-mailed code, a session). */
export function hashPassword(password: string): Promise<string> {
  return hashes.run("vouched", () => hash(password, PASSWORD_HASH_OPTIONS));
}

// A real hash of a random password, verified when an account does not exist, so that the answer
// takes as long as for a real account.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string, line: HashLine): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashes
      .run(line, () => hash(crypto.randomUUID(), PASSWORD_HASH_OPTIONS))
      .catch((error: unknown) => {
        dummyHash = null;
        throw error;
      });
    const dummy = await dummyHash;
    await hashes.run(line, () => verify(dummy, password));
    return false;
  }
  return hashes.run(line, async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
