import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { Server } from "node:http";
import { describeError } from "@/lib/server/base/error-log";
import { log } from "@/lib/server/log";
import type { RequestStart } from "@/lib/server/log/request-tracking";
import { isShuttingDown, markShuttingDown } from "./state";

// Graceful shutdown of a production instance. On SIGTERM (an orchestrator stopping or replacing it)
// or SIGINT, the instance:
//   1. says it is not ready (/api/ready answers 503), so a load balancer sends its work elsewhere;
//   2. keeps listening and serving for the drain delay (SHUTDOWN_DRAIN_SECONDS), every answer with
//      `Connection: close`: the proxy's health check needs that long to see the 503, and sends
//      here meanwhile; a closed port would reset connections it opened after writing a request it
//      cannot resend (a POST), where an open one answers them;
//   3. stops accepting connections and answers what is in flight, and what arrives on connections
//      already accepted, with `Connection: close`, so no connection is cut under a request;
//   4. stops its job timers and the mail worker, letting the jobs they hold finish;
//   5. waits for the requests in flight to be answered;
//   6. closes the database and exits 0; or, past the timeout, exits 1 naming what was left.
// Next's own signal handler closes the server and exits without waiting for the jobs, so it is
// replaced. Requests are counted from Node's own HTTP diagnostics channels, which see every request
// the process serves (pages, API, files), not only those that reach the shop's code.

export interface ShutdownStep {
  /** Names the step in the log, and in the report of a shutdown that timed out. */
  label: string;
  run: () => Promise<void>;
}

const holder = globalThis as typeof globalThis & { __lenwellShutdown?: { servers: Set<Server>; inFlight: number; idle: Set<() => void> } };

/** Counts requests in flight and remembers the HTTP servers they arrive on (once per process). */
export function countRequestsInFlight() {
  if (holder.__lenwellShutdown) return holder.__lenwellShutdown;
  const tracked = { servers: new Set<Server>(), inFlight: 0, idle: new Set<() => void>() };
  holder.__lenwellShutdown = tracked;
  subscribe("http.server.request.start", (message) => {
    const { response, server } = message as RequestStart;
    tracked.servers.add(server);
    tracked.inFlight += 1;
    // Node closes the connection once this response is sent, instead of keeping it for the next.
    if (isShuttingDown()) response.setHeader("Connection", "close");
    // "close" comes for every response, sent or abandoned by the client ("finish" only for the sent).
    response.once("close", () => {
      tracked.inFlight -= 1;
      if (tracked.inFlight > 0) return;
      for (const resolve of tracked.idle) resolve();
      tracked.idle.clear();
    });
  });
  return tracked;
}

/** Requests this process is answering now (tests). */
export function requestsInFlight(): number {
  return holder.__lenwellShutdown?.inFlight ?? 0;
}

/**
 * How long a connection the server accepted may take to send its request once the listener is
 * closed. A proxy that opens a connection per request writes it at once; this covers a busy loop.
 */
export const REQUEST_ARRIVAL_GRACE_MS = 1_000;

/** How long the listener stays open after SIGTERM waiting for a moment with no connection queued. */
const QUEUE_QUIET_WAIT_MS = 2_000;

/**
 * Lets Node accept the connections the kernel has completed for `servers` but Node has not taken
 * yet (its event loop was busy): closing a listener resets those, after the proxy wrote its request
 * on them, and a proxy cannot send a POST elsewhere then (the two-instance test met a 502 so). Node
 * accepts in the event loop's poll phase; this returns in a check phase that follows a poll phase in
 * which nothing new was accepted, and the caller closes the listeners at once.
 */
async function acceptQueuedConnections(servers: Set<Server>): Promise<{ turns: number; accepted: number }> {
  let accepted = 0;
  const count = () => {
    accepted += 1;
  };
  for (const server of servers) server.on("connection", count);
  const until = Date.now() + QUEUE_QUIET_WAIT_MS;
  let turn = 0;
  try {
    // Bounded in time, not in turns: a turn that renders a page takes milliseconds, and under a
    // stream of connections a bound of turns closed the listener while one was queued.
    for (; Date.now() < until; turn += 1) {
      const before = accepted;
      await new Promise<void>((resolve) => setImmediate(resolve));
      // The first turn may not have passed a poll phase (a signal's handler runs in one).
      if (turn > 0 && accepted === before) break;
    }
  } finally {
    for (const server of servers) server.off("connection", count);
  }
  return { turns: turn + 1, accepted };
}

/**
 * Serves on for `drainDelayMs` (the proxy stops sending meanwhile), then stops listening and waits
 * until every request is answered. The count is of requests, so a connection accepted a moment
 * before whose request has not been read yet is not in it: exiting at a count of 0 cut that
 * request, and a proxy cannot retry a POST elsewhere (the two-instance test met a 502 so). Requests
 * get a moment to arrive on the connections already accepted; each is then answered with
 * `Connection: close`.
 */
export async function drainRequests(tracked: ReturnType<typeof countRequestsInFlight>, drainDelayMs = 0): Promise<void> {
  if (drainDelayMs > 0) {
    log.info({ drainDelayMs }, `Serving ${drainDelayMs} ms more, until the proxy has seen /api/ready answer 503`);
    await new Promise<void>((resolve) => setTimeout(resolve, drainDelayMs));
  }
  const { turns, accepted } = await acceptQueuedConnections(tracked.servers);
  // Stops listening; Node also closes the keep-alive connections idle between two requests.
  for (const server of tracked.servers) server.close();
  log.info({ turns, accepted }, `Stopped listening after ${turns} turn(s) of the event loop, ${accepted} connection(s) accepted meanwhile`);
  await new Promise<void>((resolve) => setTimeout(resolve, REQUEST_ARRIVAL_GRACE_MS));
  if (tracked.inFlight === 0) return;
  await new Promise<void>((resolve) => tracked.idle.add(resolve));
}

/**
 * Installs the handler of SIGTERM and SIGINT: `steps` (stopping the jobs, closing the database) run
 * while requests drain, the database step last. Call once, from instrumentation, in production.
 */
export function installGracefulShutdown(options: {
  timeoutSeconds: number;
  /** Seconds the listener stays open after the signal (SHUTDOWN_DRAIN_SECONDS); within timeoutSeconds. */
  drainSeconds: number;
  stopWork: ShutdownStep[];
  finally: ShutdownStep[];
}): void {
  const tracked = countRequestsInFlight();
  // Next registered its own handlers before instrumentation ran; they would exit mid-job.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.once(signal, () => void shutDown(signal));
  }

  async function shutDown(signal: NodeJS.Signals): Promise<void> {
    markShuttingDown();
    const started = Date.now();
    log.info(
      { signal, inFlight: tracked.inFlight },
      `Shutting down (${signal}): finishing ${tracked.inFlight} request(s) in flight and the jobs running`,
    );
    const pending = new Set<string>(["requests in flight", ...options.stopWork.map((step) => step.label)]);
    const runStep = async (step: ShutdownStep) => {
      try {
        await step.run();
      } catch (error) {
        log.error({ step: step.label, error: describeError(error) }, `Shutdown: ${step.label} failed: ${describeError(error)}`);
      } finally {
        pending.delete(step.label);
      }
    };
    const work = Promise.all([
      drainRequests(tracked, options.drainSeconds * 1000).then(() => pending.delete("requests in flight")),
      ...options.stopWork.map(runStep),
    ]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<true>((resolve) => {
      timer = setTimeout(() => resolve(true), options.timeoutSeconds * 1000);
    });
    const late = await Promise.race([work.then(() => false), timedOut]);
    clearTimeout(timer);
    if (late) {
      log.error(
        { waitingFor: [...pending], timeoutSeconds: options.timeoutSeconds },
        `Shutdown: still waiting after ${options.timeoutSeconds} s for ${[...pending].join(", ")}; exiting anyway`,
      );
      process.exit(1);
    }
    for (const step of options.finally) await runStep(step);
    log.info({ durationMs: Date.now() - started }, `Shut down in ${Date.now() - started} ms`);
    process.exit(0);
  }
}
