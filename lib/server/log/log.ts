import "server-only";
import type { Logger } from "pino";
import { env } from "@/lib/config/env";
import { sharedLogger } from "@/lib/log/logger";

// The server's logger: `log.info({ orderId }, "Order paid")`, the fields beside the message, never a
// password, token, cookie, card or secret among them (logger.ts redacts the usual names anyway).

export type { Logger } from "pino";
export { currentRequestId } from "@/lib/log/request-context";

export const log: Logger = sharedLogger(env.LOG_LEVEL);
