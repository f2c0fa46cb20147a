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

/**
 * Where the signing key is generated on first start when neither AUTH_SECRET nor AUTH_SECRET_FILE is
 * set (one machine, one instance): relative to the server's folder, beside the embedded database.
 * Several instances need one key for all, given to each (AUTH_SECRET or AUTH_SECRET_FILE).
 */
export const GENERATED_AUTH_SECRET_PATH = ".data/auth-secret";

export const CODE_TTL_MINUTES = 10;
export const CODE_RESEND_AFTER_S = 60;
export const CODE_MAX_FAILED_ATTEMPTS = 5;
/** Codes one address may be sent in 24 hours. */
export const CODE_DAILY_CAP = 10;

// Brute-force protection (lib/server/rate-limit). A bucket is `points` per `duration` seconds.
// A client address is known only behind TRUSTED_PROXY_HOPS trusted proxies (lib/server/http/
// client-info.ts says why). Unknown callers never share a bucket that refuses: what they share is a
// pressure gauge that, under a flood, asks every browser for a small proof of work instead.

export interface RateRule {
  points: number;
  duration: number;
}

export const LOGIN_LIMITS = {
  /**
   * Wrong passwords per account, from browsers that are not one of its trusted devices, that are
   * checked at all. Beyond them the account is under attack: a password is checked only with a
   * sign-in link from the account's e-mail (LOGIN_STEP_UP), so the attacker gets no more guesses and
   * the owner is never locked out. Counted before the password is checked.
   */
  checkedFailures: 10,
  /** A streak of failures is forgotten after a day without a success. */
  streakSeconds: 86_400,
  /** On a trusted device: consecutive failures before each further one adds a wait. */
  freeFailures: 4,
  /** The wait after failure n beyond the free ones: 2^(n - freeFailures) seconds, at most this. */
  maxDelaySeconds: 900,
  /** A trusted device's own cap; the owner's browser never shares a bucket with anyone else. */
  deviceHourly: { points: 20, duration: 3_600 },
  /** Failures per known client address. */
  perIp: { points: 100, duration: 86_400 },
} as const satisfies Record<string, RateRule | number>;

/** The sign-in link an account under attack sends its owner (lib/server/auth/step-up.ts). */
export const LOGIN_STEP_UP = {
  /** The first link goes at once; each further one waits twice as long as the last, up to the maximum. */
  firstIntervalSeconds: 300,
  maxIntervalSeconds: 7_200,
  /** A link lives twice the current interval (at least this), so the newest one in the mailbox works. */
  minLinkTtlSeconds: 1_800,
  /** Wrong passwords one link may carry before it stops working. */
  attemptsPerLink: 5,
} as const;

/**
 * Proof of work (lib/proof-of-work): under a flood (thresholds: PROOF_OF_WORK_* in lib/config/env.ts), a login or a code
 * request must carry a solved puzzle. `bits` leading zero bits of SHA-256 cost a browser about
 * 2^bits digests (lib/proof-of-work.ts): 14 bits take a laptop about 40 ms, 18 bits about 0.7 s
 * and a phone two or three seconds. An attacker with native code pays less, but pays per request.
 */
export const PROOF_OF_WORK = {
  challengeTtlSeconds: 120,
  minBits: 14,
  maxBits: 18,
  /** PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE when it is not set. */
  defaultLoginFailuresPerMinute: 60,
  /** PROOF_OF_WORK_CODE_MAILS_PER_HOUR when it is not set. */
  defaultCodeMailsPerHour: 300,
} as const;

/** At most this many password hashes run at once; the rest queue, so rendering keeps a core. */
export const PASSWORD_HASH_CONCURRENCY = 1;
/** A hash that waited this long in the queue is refused with a 503 (the server is overloaded). */
export const PASSWORD_HASH_MAX_WAIT_MS = 10_000;

/** The trusted-device cookie a successful login leaves (OWASP "device cookies"). */
export const TRUSTED_DEVICE = {
  cookie: "lw_device",
  path: "/api/v1/c/ulogin",
  maxAgeSeconds: 180 * 86_400,
} as const;

/** POST /ulogin/send/code, per known address. */
export const CODE_REQUEST_LIMITS = { perIp: { points: 20, duration: 3_600 } } as const satisfies Record<string, RateRule>;

/** Wrong or expired codes at register and reset, per known address (each code also dies after 5). */
export const CODE_GUESS_LIMITS = { perIp: { points: 30, duration: 3_600 } } as const satisfies Record<string, RateRule>;

/**
 * Site search, per known client address: a visitor typing fast asks about four predictive searches
 * a second at most, so this leaves room for typing and refuses only a script.
 */
export const SEARCH_LIMITS = { perIp: { points: 240, duration: 60 } } as const satisfies Record<string, RateRule>;
