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

const SECRET_KEYS: ReadonlySet<string> = new Set(SECRET_FIELDS);

/** The top of a line's fields and two levels below it. */
const REDACT_DEPTH = 3;

export const REDACTED = "[redacted]";

/**
 * `fields` with the value of every secret key, at the top or one or two levels down, replaced by
 * REDACTED; `fields` itself when it holds none, which is every line the shop writes on purpose.
 * Pino's own `redact` walked 54 wildcard paths for every line, about 90 µs a line against 8 for the
 * rest of it, and a request line is written for every request (docs/decisions/0058). Nothing the
 * caller passed is changed: what holds a secret is copied, an error with its prototype, message and
 * stack, so pino still writes it as an error.
 */
export function redactSecrets<T>(fields: T): T {
  return redactWithin(fields, REDACT_DEPTH);
}

function redactWithin<T>(value: T, depth: number): T {
  // A Buffer's or typed array's keys are its bytes: nothing to look up, and many.
  if (depth === 0 || value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return value;
  const source = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(source)) {
    const inner = source[key];
    const written = SECRET_KEYS.has(key) ? REDACTED : redactWithin(inner, depth - 1);
    if (written === inner) continue;
    copy ??= shallowCopy(source);
    copy[key] = written;
  }
  return (copy ?? value) as T;
}

function shallowCopy(source: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(source)) return [...(source as unknown[])] as unknown as Record<string, unknown>;
  return Object.create(Object.getPrototypeOf(source) as object | null, Object.getOwnPropertyDescriptors(source)) as Record<string, unknown>;
}

export interface LoggerOptions {
  level: LogLevel;
  /** Where lines go; stdout when left out (tests pass a stream they read). */
  destination?: DestinationStream;
}

/**
 * `epochMs` as Date's toISOString() writes it, from the second's text made once a second: a Date
 * and its string for every line cost about 4 µs here, more under Next's patched Date.
 */
export function isoTimeAt(epochMs: number): string {
  const second = Math.floor(epochMs / 1000);
  if (second !== isoSecond.second) isoSecond = { second, text: new Date(second * 1000).toISOString().slice(0, -4) };
  return `${isoSecond.text}${String(epochMs - second * 1000).padStart(3, "0")}Z`;
}

let isoSecond = { second: Number.NaN, text: "" };

const lineTime = () => `,"time":"${isoTimeAt(Date.now())}"`;

/** A line waits at most this long in the buffer of standard output. */
export const LOG_FLUSH_MS = 1000;

/**
 * Standard output, buffered: lines go out 4 KB at a time, or every LOG_FLUSH_MS, without waiting
 * for the write. Pino's default writes each line synchronously, a write(2) to a pipe per request
 * that the request waits for; one write per line without waiting costs more still (a thread-pool
 * round per line). Pino flushes what is buffered when the process exits; a process killed outright
 * loses at most the last second's lines (docs/decisions/0058).
 */
export function stdoutDestination(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => stream.flush(), LOG_FLUSH_MS).unref();
  return stream;
}

export function createLogger({ level, destination = stdoutDestination() }: LoggerOptions): Logger {
  return pino(
    {
      level,
      formatters: { level: (label) => ({ level: label }), log: redactSecrets },
      timestamp: lineTime,
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
