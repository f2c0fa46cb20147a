import "server-only";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { STRICT_TRANSPORT_SECURITY } from "@/lib/config/security-headers";
import type { RequestStart } from "@/lib/server/log/request-tracking";

// HSTS on every answer of the process once the shop is https only (lib/config/transport.ts):
// pages from the cache or rendered per request, API answers (the probes' included), files,
// redirects, Next's own 404 and 500. next.config.ts headers are fixed at `next build`, the
// middleware runs on a few paths only and the API envelope makes only part of the API's answers;
// Node's `http.server.request.start` channel sees every request the process serves, before Next
// does anything with it (the same channel gives each request its id: docs/decisions/0031). One
// header set on the response object costs nothing a benchmark can see.

/**
 * Starts sending Strict-Transport-Security on every answer of this process when `httpsOnly`;
 * returns the way to stop (tests). Call once per process, from instrumentation.ts.
 */
export function sendStrictTransportSecurity(httpsOnly: boolean): () => void {
  if (!httpsOnly) return () => undefined;
  const onStart = (message: unknown): void => {
    (message as RequestStart).response.setHeader(STRICT_TRANSPORT_SECURITY.key, STRICT_TRANSPORT_SECURITY.value);
  };
  subscribe("http.server.request.start", onStart);
  return () => unsubscribe("http.server.request.start", onStart);
}
