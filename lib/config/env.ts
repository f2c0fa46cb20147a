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
