// Mail settings that are not environment: how long to wait for an SMTP server, and the e-mail links.

/**
 * nodemailer waits 2 minutes for a connection and 10 for a silent socket by default. Nobody waits
 * for a send (the outbox worker does it after the answer), but a hung server must not hold the
 * worker either: a failed try is retried later. A `?connectionTimeout=` (and so on) in SMTP_URL
 * still overrides these.
 */
export const SMTP_TIMEOUTS_MS = {
  dnsTimeout: 5_000,
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 15_000,
} as const;

/**
 * The outbox's lanes (which template goes in which: lib/server/mail/lanes.ts). The worker serves
 * `urgent` first, newest first, and `standard` after it, oldest first (docs/decisions/0039).
 */
export const MAIL_LANES = ["urgent", "standard"] as const;
export type MailLane = (typeof MAIL_LANES)[number];

/**
 * One SMTP connection kept open and reused, rather than one per message: a new connection cost
 * about 110 ms a message against a local server, a reused one 9 ms. That is what lets a flood of
 * mail drain in seconds (docs/decisions/0039). The mail server closing an idle connection only
 * means the next message opens a new one. `?pool=false` in SMTP_URL turns it off.
 */
export const SMTP_POOL = { pool: true, maxConnections: 1 } as const;

/** The outbox worker (lib/server/mail/outbox.ts). */
export const MAIL_OUTBOX = {
  /** How often the worker looks for due messages besides the nudge after each commit. */
  pollMs: 5_000,
  /**
   * Messages one worker claims at a time. Small: an urgent message queued meanwhile waits for the
   * batch being sent (about a second's worth) and goes out in the next.
   */
  batch: 10,
  /** Places of each batch the standard lane keeps while the urgent one is full, so a flood of codes cannot stop order mail. */
  standardPerBatch: 1,
  /** A worker's claim on a message; longer than the slowest send the timeouts allow. */
  leaseSeconds: 60,
  /** The wait after the first failed try; it doubles after each, up to the maximum, ±20 %. */
  firstRetrySeconds: 15,
  maxRetrySeconds: 900,
  /** The urgent lane's back-off stops doubling sooner: what it carries works for minutes, not hours. */
  urgentMaxRetrySeconds: 60,
  /** A message still not taken after this long is given up on and logged for an operator. */
  giveUpAfterHours: 48,
} as const;

/** The query parameter of the register and reset pages that carries a signed e-mail link. */
export const EMAIL_LINK_PARAM = "link";

/** signValue purpose of those links: their key differs from every other signed value's. */
export const EMAIL_LINK_SIGN_PURPOSE = "email-link";
