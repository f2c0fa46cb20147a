import "server-only";
import { AppError } from "@/lib/server/base/errors";
import { errorResponse, type RouteHandler } from "./handler";

// Next answers a method a route file does not export with an empty 405, and OPTIONS with every
// method the file exports. So each route file exports all of them: its own from apiRoute, the rest
// from otherMethods, which answer 405 in the envelope with the Allow header. route-auth.test.ts
// walks every route on disk and fails on one that leaves a method to Next.

/** The methods a route file answers itself; HEAD is left to Next when the file has a GET. */
export const ROUTE_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];
/** What a route may be declared with: HEAD and OPTIONS follow from these. */
export type DeclaredMethod = Exclude<RouteMethod, "HEAD" | "OPTIONS">;

type OtherMethods<M extends DeclaredMethod> = Record<Exclude<RouteMethod, M | (M extends "GET" ? "HEAD" : never)>, RouteHandler>;

// Which handlers otherMethods made, and what they allow: the test reads it back.
const allowedBy = new WeakMap<object, readonly string[]>();

/** The methods a handler made by otherMethods allows, or undefined for any other value. */
export function allowedMethodsOf(value: unknown): readonly string[] | undefined {
  return typeof value === "function" ? allowedBy.get(value) : undefined;
}

/** The Allow header of a route with these methods: HEAD with GET, OPTIONS always, in order. */
export function allowHeader(methods: readonly DeclaredMethod[]): string {
  const allowed = new Set<string>([...methods, "OPTIONS"]);
  if (allowed.has("GET")) allowed.add("HEAD");
  return [...allowed].sort().join(", ");
}

/**
 * The exports of every method a route does not have, given the ones it has:
 * `export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = otherMethods("POST");`. Each answers 405
 * in the envelope with `Allow`, except OPTIONS, which answers 204 with it (what the route allows is
 * no error to ask).
 */
export function otherMethods<M extends DeclaredMethod>(...methods: M[]): OtherMethods<M> {
  const allow = allowHeader(methods);
  const allowed = allow.split(", ");
  const refuse: RouteHandler = async () => errorResponse(new AppError(405, undefined, [], { Allow: allow }));
  const options: RouteHandler = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  const handlers: Partial<Record<RouteMethod, RouteHandler>> = {};
  for (const method of ROUTE_METHODS) {
    if (allowed.includes(method) && method !== "OPTIONS") continue;
    const handler = method === "OPTIONS" ? options : async (request: Request) => refuse(request);
    allowedBy.set(handler, allowed);
    handlers[method] = handler;
  }
  return handlers as OtherMethods<M>;
}
