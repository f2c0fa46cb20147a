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

// Brute-force protection (lib/server/rate-limit). A bucket is `points` per `duration` seconds.
// Addresses are unknown unless TRUSTED_PROXY_HOPS is set; then every caller shares one bucket per
// rule, so those buckets are much larger: a brake on mass guessing, not a per-person limit.

export interface RateRule {
  points: number;
  duration: number;
}

export const LOGIN_LIMITS = {
  /** Consecutive failures per account (or per trusted device) before each further one adds a wait. */
  freeFailures: 4,
  /** The wait after failure n beyond the free ones: 2^(n - freeFailures) seconds, at most this. */
  maxDelaySeconds: 900,
  /** A streak of failures is forgotten after a day without a success. */
  streakSeconds: 86_400,
  /** Hard cap: failures per account per hour from browsers that are not a trusted device. */
  accountHourly: { points: 100, duration: 3_600 },
  /** A trusted device's own cap; the owner's browser never shares a bucket with anyone else. */
  deviceHourly: { points: 20, duration: 3_600 },
  perIp: { points: 100, duration: 86_400 },
  unknownIp: { points: 1_000, duration: 3_600 },
} as const satisfies Record<string, RateRule | number>;

/** The trusted-device cookie a successful login leaves (OWASP "device cookies"). */
export const TRUSTED_DEVICE = {
  cookie: "lw_device",
  path: "/api/v1/c/ulogin",
  maxAgeSeconds: 180 * 86_400,
} as const;

/** POST /ulogin/send/code, per address. */
export const CODE_REQUEST_LIMITS = {
  perIp: { points: 20, duration: 3_600 },
  unknownIp: { points: 1_000, duration: 3_600 },
} as const satisfies Record<string, RateRule>;

/** Wrong or expired codes at register and reset, per address (each code also dies after 5). */
export const CODE_GUESS_LIMITS = {
  perIp: { points: 30, duration: 3_600 },
  unknownIp: { points: 1_000, duration: 3_600 },
} as const satisfies Record<string, RateRule>;
