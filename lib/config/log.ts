// What the server log may be set to (LOG_LEVEL). Apart from env.ts so that the logger can be built
// without reading the environment: the line that says the environment is invalid needs one too.

/** pino's levels, most severe first; "silent" writes nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
