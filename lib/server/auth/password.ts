import "server-only";
import { hash, verify } from "@node-rs/argon2";
import { PASSWORD_HASH_OPTIONS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/config/auth";
import { AppError } from "@/lib/server/http/errors";
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

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

// A real hash of a random password, verified when an account does not exist, so that the answer
// takes as long as for a real account.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash(crypto.randomUUID(), PASSWORD_HASH_OPTIONS);
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
