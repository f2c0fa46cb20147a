import "server-only";
import { z } from "zod";
import { DEFAULT_SHIPPING_PRESET, SHIPPING_PRESET_NAMES } from "./shipping";

// The validated server environment. Nothing else reads process.env on the server.
// Read when the server starts: pages prerendered by `next build` are rendered again on their first
// request (cache-handler.mjs), so the site URL and contacts they print are the started server's.

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:3000")
    .transform((value) => value.replace(/\/+$/, "")),
  SUPPORT_EMAIL: z.email().default("support@lenwell.example"),
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+[0-9 ]{8,20}$/, "an international number such as +1 713 555 0147")
    .default("+1 713 555 0147"),
  /** smtp(s)://user:pass@host:port — unset: messages go to MAIL_OUTBOX_DIR and codes to the log. */
  SMTP_URL: z.preprocess((value) => value || undefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).default("Lenwell <no-reply@lenwell.example>"),
  MAIL_OUTBOX_DIR: z.string().min(1).default(".data/outbox"),
  /**
   * Key for signed values (e-mail links, device cookies), at least 32 characters. Unset: one is
   * generated on first start and kept in AUTH_SECRET_FILE, so links survive a restart.
   */
  AUTH_SECRET: z.preprocess((value) => value || undefined, z.string().min(32).optional()),
  AUTH_SECRET_FILE: z.string().min(1).default(".data/auth-secret"),
  /** redis://… : rate limits shared by every app instance. Unset: kept in this process's memory. */
  REDIS_URL: z.preprocess((value) => value || undefined, z.url({ protocol: /^rediss?$/ }).optional()),
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For. 0 (default): the
   * header is ignored, since anyone can send it.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Failed logins a minute, shop-wide, past which logins must carry a proof of work
   * (lib/server/rate-limit/proof-of-work.ts). Raise it for a shop whose customers fail more often.
   */
  PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Code e-mails an hour, shop-wide, past which a code request must carry a proof of work. */
  PROOF_OF_WORK_CODE_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  /** OpenID issuer for "Continue with Google"; another issuer works the same way. */
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/ })
    .default("https://accounts.google.com")
    .transform((value) => value.replace(/\/+$/, "")),
  /** Google sign-in is offered only when both are set. */
  GOOGLE_CLIENT_ID: z.preprocess((value) => value || undefined, z.string().min(1).optional()),
  GOOGLE_CLIENT_SECRET: z.preprocess((value) => value || undefined, z.string().min(1).optional()),
  /** Shipping prices and free-shipping threshold: "standard" ($37, 11.90/22.90/33.90) or "express" ($89, 11.90/11.00/22.00). */
  SHIPPING_PRESET: z.enum(SHIPPING_PRESET_NAMES).default(DEFAULT_SHIPPING_PRESET),
  /** Minutes an unpaid order holds its stock before it is cancelled. */
  ORDER_PAYMENT_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /**
   * Who charges cards. "test" (default): the built-in test provider, offline, which accepts only the
   * documented test card numbers and says "Test mode" on the payment page.
   */
  PAYMENT_PROVIDER: z.enum(["test"]).default("test"),
  /**
   * "on": the operator's run-scheduled-work call takes a moment to run at, so tests can move the
   * shop's calendar (filters falling due, renewals). For test servers only; off by default.
   */
  SCHEDULE_TIME_TRAVEL: z.enum(["on", "off"]).default("off"),
});

export type ServerEnv = z.infer<typeof envSchema>;

function loadEnv(): ServerEnv {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

export const env = loadEnv();
