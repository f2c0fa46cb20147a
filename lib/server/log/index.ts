import "server-only";
import type { Logger } from "pino";
import { env } from "@/lib/config/env";
import { createLogger } from "./logger";

// The server's one logger: `log.info({ orderId }, "Order paid")`. Fields beside the message, never a
// password, token, cookie, card or secret among them (logger.ts redacts the usual names anyway).
//
// On globalThis, like the database handle: Next may load this module more than once in one process,
// and one logger keeps one level and one stream.

export type { Logger } from "pino";
export { currentRequestId } from "./request-context";

const holder = globalThis as typeof globalThis & { __lenwellLog?: Logger };

export const log: Logger = (holder.__lenwellLog ??= createLogger({ level: env.LOG_LEVEL }));
