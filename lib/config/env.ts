import "server-only";
import { z } from "zod";

// The validated server environment. Nothing else reads process.env on the server.
// Browse pages are prerendered, so the values they print (site URL, contact details)
// are the ones present at `next build`.

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
