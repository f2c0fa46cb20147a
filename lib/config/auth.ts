import type { Algorithm, Options } from "@node-rs/argon2";

// argon2id at OWASP's minimum or above: 19 MiB of memory, 2 passes, one lane.
// Algorithm.Argon2id is a const enum, which isolated modules cannot read; its value is 2.
const ARGON2ID: Algorithm.Argon2id = 2;

export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const SESSION_TTL_MS = 86_400_000;

export const CODE_TTL_MINUTES = 10;
export const CODE_RESEND_AFTER_S = 60;
export const CODE_MAX_FAILED_ATTEMPTS = 5;
/** Codes one address may be sent in 24 hours. */
export const CODE_DAILY_CAP = 10;
