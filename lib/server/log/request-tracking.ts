import "server-only";
import { randomUUID } from "node:crypto";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { Logger } from "pino";
import { requestContext } from "@/lib/log/request-context";

// Every HTTP request the process serves gets an id: the X-Request-Id the proxy in front sent when it
// is well formed, else a new UUID. The response carries it back, and every log line written while the
// request is handled carries it as `requestId`. One line per finished request follows.
//
// Done on Node's own http diagnostics channels rather than in the middleware: the middleware runs
// for a few paths only (most pages skip it, for throughput), while these see every request the
// process answers, pages, API and static files alike, before Next does anything with it.

export const REQUEST_ID_HEADER = "X-Request-Id";

// What a proxy's request id (the shipped HAProxy's UUID, nginx's $request_id) and the usual tracing
// ids look like; anything else (too long, spaces, control characters a log viewer would render) is
// replaced rather than repeated.
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id a request goes by: the caller's X-Request-Id when well formed, else a new UUID. */
export function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === "string" && WELL_FORMED_ID.test(header) ? header : randomUUID();
}

// The load balancer and the orchestrator poll these every few seconds: a line each would drown the rest.
const PROBE_PATHS = new Set(["/api/health", "/api/ready"]);

/** What Node publishes on `http.server.request.start` (and `http.server.response.finish`). */
export interface RequestStart {
  request: IncomingMessage;
  response: ServerResponse;
  server: Server;
}

interface Timing {
  requestId: string;
  startedAt: number;
}

/** The path without its query string, which may carry codes, e-mail addresses or tokens. */
function pathOf(url: string | undefined): string {
  if (!url) return "";
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Starts giving every request of this process an id and logging it when finished; returns the way
 * to stop (tests). Call once per process, from instrumentation.ts.
 */
export function trackRequests(logger: Logger): () => void {
  const timings = new WeakMap<ServerResponse, Timing>();

  const onStart = (message: unknown): void => {
    const { request, response } = message as RequestStart;
    const requestId = requestIdFor(request.headers["x-request-id"]);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    timings.set(response, { requestId, startedAt: performance.now() });
    // The channel is published synchronously inside the http server's parser callback, just before
    // it emits "request": entering the store here makes it the store of everything Next then runs
    // for this request, including every promise and timer created from there.
    // The connection's address goes with it: a route handler gets a web Request without a socket,
    // and the client address must not be taken from a header the caller wrote (client-info.ts).
    requestContext.enterWith({ requestId, peerAddress: request.socket.remoteAddress });
  };

  const onFinish = (message: unknown): void => {
    const { request, response } = message as RequestStart;
    const timing = timings.get(response);
    if (!timing) return;
    const path = pathOf(request.url);
    const level = PROBE_PATHS.has(path) ? "debug" : "info";
    if (!logger.isLevelEnabled(level)) return;
    // The id is given explicitly: "finish" fires from the socket's write callback, whose context
    // need not be the request's.
    logger[level](
      {
        requestId: timing.requestId,
        method: request.method,
        path,
        status: response.statusCode,
        durationMs: Math.round((performance.now() - timing.startedAt) * 10) / 10,
      },
      "request completed",
    );
  };

  subscribe("http.server.request.start", onStart);
  subscribe("http.server.response.finish", onFinish);
  return () => {
    unsubscribe("http.server.request.start", onStart);
    unsubscribe("http.server.response.finish", onFinish);
  };
}
