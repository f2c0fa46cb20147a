import "server-only";
import { z } from "zod";
import { readSecretFiles } from "./secret-files.mjs";

/** Stripe.js of the release @stripe/stripe-js 10.2.1 is made for ("endive"): the page's script and types agree. */
export const STRIPE_JS_RELEASE_URL = "https://js.stripe.com/endive/stripe.js";
import { PROOF_OF_WORK } from "./auth";
import { DEFAULT_SHIPPING_PRESET, SHIPPING_PRESET_NAMES } from "./shipping";
import { logLevelSchema } from "./log";

// The validated server environment. Nothing else reads process.env on the server.
// Read when the server starts: pages prerendered by `next build` are rendered again on their first
// request (cache-handler.mjs), so the site URL and contacts they print are the started server's.

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: { pattern: /^(sk|rk)_(live|test)_[A-Za-z0-9_]{8,}$/, kind: "a secret key (sk_live_… or sk_test_…)" },
  STRIPE_PUBLISHABLE_KEY: { pattern: /^pk_(live|test)_[A-Za-z0-9_]{8,}$/, kind: "a publishable key (pk_live_… or pk_test_…)" },
  STRIPE_WEBHOOK_SECRET: { pattern: /^whsec_[A-Za-z0-9_+/=]{8,}$/, kind: "a webhook signing secret (whsec_…)" },
} as const;

/** Live or test mode of a Stripe key (`sk_live_…` → "live"). */
function stripeMode(key: string | undefined): string | undefined {
  return key?.split("_")[1];
}

/**
 * The drain delay is spent within the shutdown's timeout: one at least as long would have the
 * instance exit 1 (killed mid-drain) on every stop.
 */
function checkShutdownDrain(
  settings: { SHUTDOWN_DRAIN_SECONDS: number; SHUTDOWN_TIMEOUT_SECONDS: number },
  context: z.RefinementCtx,
): void {
  if (settings.SHUTDOWN_DRAIN_SECONDS < settings.SHUTDOWN_TIMEOUT_SECONDS) return;
  context.addIssue({
    code: "custom",
    path: ["SHUTDOWN_DRAIN_SECONDS"],
    message: `must be less than SHUTDOWN_TIMEOUT_SECONDS (${settings.SHUTDOWN_TIMEOUT_SECONDS}), within which the drain runs`,
  });
}

/**
 * With PAYMENT_PROVIDER=stripe the server refuses to start unless all three keys are there and of
 * the right kind, and the secret and publishable keys are of the same mode: a live page confirming
 * against a test account (or the other way round) fails every payment.
 */
function checkStripeKeys(
  settings: { PAYMENT_PROVIDER: string } & Partial<Record<keyof typeof STRIPE_KEYS, string>>,
  context: z.RefinementCtx,
): void {
  if (settings.PAYMENT_PROVIDER !== "stripe") return;
  for (const [name, { pattern, kind }] of Object.entries(STRIPE_KEYS) as [
    keyof typeof STRIPE_KEYS,
    (typeof STRIPE_KEYS)[keyof typeof STRIPE_KEYS],
  ][]) {
    const value = settings[name];
    if (!value) context.addIssue({ code: "custom", path: [name], message: `is required with PAYMENT_PROVIDER=stripe: ${kind}` });
    else if (!pattern.test(value)) context.addIssue({ code: "custom", path: [name], message: `must be ${kind}` });
  }
  const secretMode = stripeMode(settings.STRIPE_SECRET_KEY);
  const publishableMode = stripeMode(settings.STRIPE_PUBLISHABLE_KEY);
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    context.addIssue({
      code: "custom",
      path: ["STRIPE_PUBLISHABLE_KEY"],
      message: `is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key: both must come from the same mode`,
    });
  }
}

const envSchema = z
  .object({
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
     * Key for signed values (e-mail links, device cookies), at least 32 characters, or the content
     * of the file AUTH_SECRET_FILE names (secret-files.mjs). Neither: one is generated on first
     * start and kept in GENERATED_AUTH_SECRET_PATH (lib/config/auth.ts), so links survive a restart.
     */
    AUTH_SECRET: z.preprocess((value) => value || undefined, z.string().min(32).optional()),
    /** redis://… : rate limits shared by every app instance. Unset: kept in this process's memory. */
    REDIS_URL: z.preprocess((value) => value || undefined, z.url({ protocol: /^rediss?$/ }).optional()),
    /**
     * How many reverse proxies in front of the app append to X-Forwarded-For. 0 (default): the
     * header is ignored, since anyone can send it.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * The addresses (or CIDR ranges) of the proxies whose X-Forwarded-For is believed: a connection
     * from elsewhere has gone around the proxy, and its own address is the client's. Loopback by
     * default (a proxy on the same machine); compose.yaml names the stack's own network.
     */
    TRUSTED_PROXY_ADDRESSES: z.preprocess(
      (value) => value || undefined,
      z
        .string()
        .default("127.0.0.0/8,::1")
        .transform((value) =>
          value
            .split(",")
            .map((entry) => entry.trim())
            .filter(Boolean),
        )
        .pipe(
          z
            .array(
              // zod's own checks: this module is also bundled where node:net is not (the middleware).
              z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
                error: "each entry must be an IP address or a CIDR range (10.0.0.0/8)",
              }),
            )
            .min(1),
        ),
    ),
    /**
     * Failed logins a minute, shop-wide, past which logins must carry a proof of work
     * (lib/server/rate-limit/proof-of-work.ts). Raise it for a shop whose customers fail more often.
     */
    PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(PROOF_OF_WORK.defaultLoginFailuresPerMinute),
    /** Code e-mails an hour, shop-wide, past which a code request must carry a proof of work. */
    PROOF_OF_WORK_CODE_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(PROOF_OF_WORK.defaultCodeMailsPerHour),
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
     * Who charges cards. "test" (default): the built-in sandbox gateway, offline, which accepts only the
     * documented test card numbers and says "Test mode" on the payment page.
     */
    PAYMENT_PROVIDER: z.enum(["test", "stripe"]).default("test"),
    /** Stripe's secret key (sk_live_… or sk_test_…, or a restricted rk_… key); needed with PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: z.preprocess((value) => value || undefined, z.string().optional()),
    /** Stripe's publishable key (pk_live_… or pk_test_…), handed to Stripe.js on the payment page. */
    STRIPE_PUBLISHABLE_KEY: z.preprocess((value) => value || undefined, z.string().optional()),
    /** The signing secret (whsec_…) of the webhook endpoint made for this shop in Stripe's dashboard. */
    STRIPE_WEBHOOK_SECRET: z.preprocess((value) => value || undefined, z.string().optional()),
    /**
     * Where the server reaches Stripe's API. Tests only: they point it at their Stripe-shaped test
     * server (test/support/stripe-double). Unset: https://api.stripe.com.
     */
    STRIPE_API_URL: z.preprocess((value) => value || undefined, z.url({ protocol: /^https?$/ }).optional()),
    /**
     * Where the payment page loads Stripe.js from: by default the release the pinned @stripe/stripe-js
     * is typed for (its loader names the same; env.test.ts checks it). Tests point it at their stand-in.
     */
    STRIPE_JS_URL: z.preprocess((value) => value || undefined, z.url({ protocol: /^https?$/ }).default(STRIPE_JS_RELEASE_URL)),
    /**
     * "on": the operator's run-scheduled-work call takes a moment to run at, so tests can move the
     * shop's calendar (filters falling due, renewals). For test servers only; off by default.
     */
    SCHEDULE_TIME_TRAVEL: z.enum(["on", "off"]).default("off"),
    /**
     * How long a stopping instance (SIGTERM) may take to finish the requests and jobs it holds before
     * it exits anyway. Keep it below the orchestrator's own grace period (compose: stop_grace_period).
     */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    /**
     * How long a stopping instance keeps listening and serving (every answer with Connection: close)
     * before it closes its port: longer than the proxy in front takes to see /api/ready answer 503
     * and stop sending here (the shipped HAProxy: about 2 s; compose sets 3). Closing sooner resets
     * connections the proxy opened meanwhile, after it wrote a request it cannot resend (a POST).
     * 0 (default): a lone server with no proxy in front closes at once, as nobody is told to leave.
     * Counts within SHUTDOWN_TIMEOUT_SECONDS.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
    /** The least severe log line written (lib/server/log): one JSON object a line on stdout. */
    LOG_LEVEL: z.preprocess((value) => value || undefined, logLevelSchema),
    /**
     * OTLP/HTTP collector (e.g. http://otel-collector:4318): set, the server sends its traces to
     * `${endpoint}/v1/traces`. Unset: no tracing code is loaded at all.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
      (value) => value || undefined,
      z
        .url({ protocol: /^https?$/ })
        .optional()
        .transform((value) => value?.replace(/\/+$/, "")),
    ),
    /** The service name the traces carry. */
    OTEL_SERVICE_NAME: z.preprocess((value) => value || undefined, z.string().min(1).max(100).default("lenwell-shop")),
  })
  .superRefine(checkStripeKeys)
  .superRefine(checkShutdownDrain);

export type ServerEnv = z.infer<typeof envSchema>;

/**
 * How the settings' secret files are read: with Node's fs, asked for at run time because the
 * middleware loads this module too, in the Edge runtime, whose bundle refuses any import of a Node
 * module. There (null) the secret files are not read: the middleware uses no secret, and the Node
 * server, which reads them all when it starts (instrumentation.ts), stops first on a bad one.
 */
function secretFileReader(): ((file: string) => string) | null {
  if ("EdgeRuntime" in globalThis) return null;
  const fs = globalThis.process.getBuiltinModule("node:fs");
  return (file) => fs.readFileSync(file, "utf8");
}

/**
 * The settings in `source`, secrets given as `<NAME>_FILE` read from their files first (every
 * secret's, the database's too, so that a missing secret file stops the start here, where
 * instrumentation.ts checks the settings); a bad or missing setting, or a secret file that cannot be
 * read, throws with every problem listed.
 */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const readFile = secretFileReader();
  const parsed = envSchema.safeParse(readFile ? readSecretFiles(source, readFile) : source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

export const env = parseServerEnv(process.env);
