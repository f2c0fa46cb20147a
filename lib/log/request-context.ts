import { AsyncLocalStorage } from "node:async_hooks";

// The request a piece of server code is working for, so that every log line it writes names it.
// Entered once per HTTP request by lib/server/log/request-tracking.ts; read by the logger's mixin.
//
// Kept on globalThis: Next bundles instrumentation.ts, route handlers and pages separately, so this
// module can be loaded more than once in one process, and every copy must read the one store the
// request was entered into.

export interface RequestContext {
  requestId: string;
}

const holder = globalThis as typeof globalThis & { __lenwellRequestContext?: AsyncLocalStorage<RequestContext> };

export const requestContext: AsyncLocalStorage<RequestContext> = (holder.__lenwellRequestContext ??= new AsyncLocalStorage());

/** The id of the HTTP request being handled, or undefined outside one (start-up, timers, jobs). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
