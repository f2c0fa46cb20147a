import { AsyncLocalStorage } from "node:async_hooks";

// The request a piece of server code is working for, so that every log line it writes names it.
// Entered once per HTTP request by lib/server/log/request-tracking.ts; read by the logger's mixin.
//
// Kept on globalThis: Next bundles instrumentation.ts, route handlers and pages separately, so this
// module can be loaded more than once in one process, and every copy must read the one store the
// request was entered into.

export interface RequestContext {
  requestId: string;
  /**
   * The address of the connection the request came in on (the proxy's, behind one): unforgeable,
   * unlike the headers. Read by lib/server/http/client-info.ts.
   */
  peerAddress?: string;
}

const holder = globalThis as typeof globalThis & { __lenwellRequestContext?: AsyncLocalStorage<RequestContext> };

export const requestContext: AsyncLocalStorage<RequestContext> = (holder.__lenwellRequestContext ??= new AsyncLocalStorage());

/** The id of the HTTP request being handled, or undefined outside one (start-up, timers, jobs). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** The address of the connection the current request came in on, or undefined outside one. */
export function currentPeerAddress(): string | undefined {
  return requestContext.getStore()?.peerAddress;
}
