import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { readSecretFiles } from "./secret-files.mjs";

// Where the database lives. Read by the app and by the db scripts, so it does not use "server-only".

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** postgres://… : node-postgres with a pool. Unset: embedded PGlite in PGLITE_DIR. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /**
     * The password of DATABASE_URL's user, given apart from the URL (typically as
     * DATABASE_PASSWORD_FILE, a Docker secret): put into the URL percent-encoded, so any character
     * works, `@ : / ? #` and `%` included.
     */
    DATABASE_PASSWORD: z.string().optional(),
    /** PGlite folder. PGlite does not lock it and two processes would corrupt it: one folder per process. */
    PGLITE_DIR: z.string().min(1).optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * Longest a query waits for a connection: a free one of a full pool, or a new one the server has
     * not answered. Past it the request answers 503 with Retry-After rather than hang.
     */
    DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(5),
    /** The name the shop's PostgreSQL connections carry (pg_stat_activity.application_name). */
    DATABASE_APPLICATION_NAME: z
      .string()
      .trim()
      .min(1)
      .max(63, "PostgreSQL keeps at most 63 characters of an application name.")
      .regex(/^[\x20-\x7e]+$/, "Printable ASCII only: PostgreSQL replaces anything else with question marks.")
      .default("lenwell-shop"),
    /**
     * Seed the demo catalogue and accounts: into the embedded database unless "false"; into
     * PostgreSQL only when set to "true" in so many words (readDatabaseSettings).
     */
    SEED_DEMO_DATA: z.enum(["true", "false"]).optional(),
  })
  .superRefine((value, context) => {
    if (value.DATABASE_PASSWORD === undefined) return;
    if (!value.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["DATABASE_PASSWORD"],
        message: "is set but DATABASE_URL is not: it is the password of DATABASE_URL's user",
      });
    } else if (URL.canParse(value.DATABASE_URL) && new URL(value.DATABASE_URL).password !== "") {
      context.addIssue({
        code: "custom",
        path: ["DATABASE_PASSWORD"],
        message: "is set and DATABASE_URL carries a password too: give it once (DATABASE_URL without one, as postgres://user@host:5432/db)",
      });
    }
  });

/** `databaseUrl` with `password` as its user's password, percent-encoded: the URL's own syntax never sees it. */
function withPassword(databaseUrl: string, password: string): string {
  const url = new URL(databaseUrl);
  url.password = encodeURIComponent(password);
  return url.href;
}

export interface DatabaseSettings {
  engine: "pglite" | "postgres";
  url: string | null;
  pgliteDir: string;
  poolMax: number;
  /** DATABASE_CONNECT_TIMEOUT_SECONDS in milliseconds (what node-postgres takes). */
  connectTimeoutMs: number;
  applicationName: string;
  seedDemoData: boolean;
}

/** The database settings in `source`, DATABASE_URL and DATABASE_PASSWORD read from their `_FILE` when given so. */
export function readDatabaseSettings(source: Record<string, string | undefined> = process.env): DatabaseSettings {
  const given = readSecretFiles(source, (file) => readFileSync(file, "utf8"), ["DATABASE_URL", "DATABASE_PASSWORD"]);
  const parsed = schema.safeParse({
    ...given,
    DATABASE_URL: given.DATABASE_URL || undefined,
    DATABASE_PASSWORD: given.DATABASE_PASSWORD || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid database settings:\n${problems.join("\n")}`);
  }
  const value = parsed.data;
  return {
    engine: value.DATABASE_URL ? "postgres" : "pglite",
    url:
      value.DATABASE_URL && value.DATABASE_PASSWORD !== undefined
        ? withPassword(value.DATABASE_URL, value.DATABASE_PASSWORD)
        : (value.DATABASE_URL ?? null),
    // The dev server and the production server each get their own folder by default.
    // A runtime data folder, not code: the build's file tracer must not follow it (it would trace
    // and ship the whole project).
    pgliteDir: path.resolve(/* turbopackIgnore: true */ value.PGLITE_DIR ?? path.join(".data", `pglite-${value.NODE_ENV}`)),
    poolMax: value.DATABASE_POOL_MAX,
    connectTimeoutMs: Math.round(value.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000),
    applicationName: value.DATABASE_APPLICATION_NAME,
    // PostgreSQL is where a real shop keeps its data: a default that put the demo operator's
    // published password there would be a hole, so it is seeded only when asked (a demo or a
    // test cluster). The embedded database is the quick start's, demo data by default.
    seedDemoData: value.DATABASE_URL ? value.SEED_DEMO_DATA === "true" : value.SEED_DEMO_DATA !== "false",
  };
}

/**
 * Whether the database should be opened as the server starts: not in the build's prerendering
 * workers, which never query it.
 */
export function openDatabaseAtStart(source: Record<string, string | undefined> = process.env): boolean {
  return source.NEXT_PHASE !== "phase-production-build";
}

/**
 * Seconds a client is told to wait (Retry-After) when its request failed on a lost or refused
 * database connection: the pool connects again on the next query, so a retry soon after usually
 * succeeds.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
