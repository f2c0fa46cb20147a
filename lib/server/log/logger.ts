import "server-only";
import { pino, type DestinationStream, type Logger } from "pino";
import type { LogLevel } from "@/lib/config/log";
import { currentRequestId } from "./request-context";

// How the server's log is written: one JSON object a line on stdout (what log collectors read), the
// level as a word, an ISO time, and the id of the request being handled when there is one.

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
