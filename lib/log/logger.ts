import { pino, type DestinationStream, type Logger } from "pino";
import { readLogLevel, type LogLevel } from "@/lib/config/log";
import { currentRequestId } from "./request-context";

// How the server's log is written: one JSON object a line on stdout (what log collectors read), the
// level as a word, an ISO time, and the id of the request being handled when there is one.
//
// No "server-only" here (nor in request-context.ts), and outside lib/server: lib/db logs through
// this too, and the db scripts load lib/db outside Next. The app imports the logger from
// lib/server/log, which has it.

/**
 * Field names whose values never reach a log line, at the top of the fields or one or two levels
 * down. Code should not pass them in the first place; this catches the one that does (an error's
 * request options, a body logged whole).
 */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "oldPassword",
  "currentPassword",
  "token",
  "accessToken",
  "refreshToken",
  "idToken",
  "secret",
  "clientSecret",
  "apiKey",
  "card",
  "cardNumber",
  "cvc",
  "cvv",
  "authorization",
  "cookie",
  "set-cookie",
];

/** `a.b` for a plain name, `a["set-cookie"]` for one that is not an identifier. */
function pathsOf(field: string): string[] {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? `.${field}` : `[${JSON.stringify(field)}]`;
  return [key.startsWith(".") ? field : key, `*${key}`, `*.*${key}`];
}

export const REDACTED_PATHS: readonly string[] = SECRET_FIELDS.flatMap(pathsOf);

export const REDACTED = "[redacted]";

export interface LoggerOptions {
  level: LogLevel;
  /** Where lines go; stdout when left out (tests pass a stream they read). */
  destination?: DestinationStream;
}

export function createLogger({ level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...REDACTED_PATHS], censor: REDACTED },
      // A new object each time: pino assigns the line's own fields onto it (a requestId given
      // explicitly wins over the store's).
      mixin: () => {
        const requestId = currentRequestId();
        return requestId === undefined ? {} : { requestId };
      },
    },
    destination,
  );
}

const holder = globalThis as typeof globalThis & { __lenwellLog?: Logger };

/**
 * The process's one logger, made on first use. On globalThis, like the database handle: Next may
 * load this module more than once in one process, and one logger keeps one level and one stream.
 */
export function sharedLogger(level: LogLevel = readLogLevel()): Logger {
  return (holder.__lenwellLog ??= createLogger({ level }));
}
