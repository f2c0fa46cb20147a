// Mail settings that are not environment: how long to wait for an SMTP server, and the e-mail links.

/**
 * nodemailer waits 2 minutes for a connection and 10 for a silent socket by default; a customer
 * waiting for "Send code" should learn within seconds that mail is down. A `?connectionTimeout=`
 * (and so on) in SMTP_URL still overrides these.
 */
export const SMTP_TIMEOUTS_MS = {
  dnsTimeout: 10_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/** The query parameter of the register and reset pages that carries a signed e-mail link. */
export const EMAIL_LINK_PARAM = "link";

/** signValue purpose of those links: their key differs from every other signed value's. */
export const EMAIL_LINK_SIGN_PURPOSE = "email-link";
