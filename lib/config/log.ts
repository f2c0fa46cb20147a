import { z } from "zod";

// What the server log may be set to (LOG_LEVEL). Read by env.ts for the app and by lib/db, which
// the db scripts run outside Next too, so it does not use "server-only" (like database.ts).

/** pino's levels, most severe first; "silent" writes nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const logLevelSchema = z.enum(LOG_LEVELS).default("info");

/** LOG_LEVEL from `source`; a malformed one is refused here as env.ts refuses it for the server. */
export function readLogLevel(source: Record<string, string | undefined> = process.env): LogLevel {
  const parsed = logLevelSchema.safeParse(source.LOG_LEVEL || undefined);
  if (!parsed.success) throw new Error(`Invalid environment:\nLOG_LEVEL: must be one of ${LOG_LEVELS.join(", ")}`);
  return parsed.data;
}
