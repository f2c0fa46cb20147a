import "server-only";
import type { z } from "zod";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/config/database";
import { describeConnectionLoss, isConnectionLoss } from "@/lib/db/connection-loss";
import type { UserRow } from "@/lib/db/schema";
import { requireOperator } from "@/lib/server/auth/operator";
import { carriesSessionCookie, requireSession, signedOutCookies, type AuthContext } from "@/lib/server/auth/session";
import { describeError } from "@/lib/server/base/error-log";
import { AppError } from "@/lib/server/base/errors";
import { fail, ok } from "@/lib/server/base/envelope";
import { assertSameOrigin, readJsonBody, readQuery } from "./request";
import { log } from "@/lib/server/log";
// Every route handler comes through here, so every request finds the domains subscribed.
import "@/lib/server/wiring";

/**
 * Who may call a route: "customer" needs a valid session (else 401), "operator" a valid session of
 * an operator (401, then 403), "none" is open to anyone (a route that only looks for a session, such
 * as logout, reads it itself).
 */
export type RouteAuth = "customer" | "operator" | "none";

interface RouteOptions<A extends RouteAuth, B, Q> {
  /** Required, so that no route can leave its caller unchecked by forgetting to say. */
  auth: A;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
}

export interface RouteInput<B, Q> {
  request: Request;
  body: B;
  query: Q;
}

/** What a "customer" or "operator" handler is given besides its input: the caller, never null. */
export interface SignedIn {
  session: AuthContext;
  user: UserRow;
}

// A handler open to anyone is given no caller at all, so it cannot mistake a missing one for a check.
interface CallerByAuth {
  customer: SignedIn;
  operator: SignedIn;
  none: Record<never, never>;
}

const callerFor: { [A in RouteAuth]: (request: Request) => Promise<CallerByAuth[A]> } = {
  customer: async (request) => signedIn(await requireSession(request)),
  operator: async (request) => signedIn(await requireOperator(request)),
  none: async () => ({}),
};

function signedIn(session: AuthContext): SignedIn {
  return { session, user: session.user };
}

export type RouteHandler = (request: Request) => Promise<Response>;

/** What a route handler was declared with: apiRoute records it for every handler it makes. */
export interface RouteDeclaration {
  auth: RouteAuth;
  handler: RouteHandler;
  /** The schemas the input is parsed with, for the tests that hold every route's input to the shared rules. */
  body?: z.ZodType;
  query?: z.ZodType;
}

// Aside in a WeakMap, not on the function, so what a route exports keeps its shape; a test reads it to
// list every route's auth and to catch a route handler that bypassed apiRoute (it has no entry).
const declarations = new WeakMap<object, RouteDeclaration>();

/** The declaration of a route handler apiRoute made, or undefined for anything else. */
export function routeDeclaration(value: unknown): RouteDeclaration | undefined {
  return typeof value === "function" ? declarations.get(value) : undefined;
}

/**
 * Wraps a route handler: CSRF check for mutations, then the caller's session and role as `auth`
 * declares, and only then body and query parsing (a caller who may not call gets 401 or 403 whatever
 * the input, and learns nothing about what it should be), then the service call, and every outcome
 * turned into the `{ code, data, errmsg }` envelope. A handler body is only: call the service, return
 * its data (or a Response when it sets cookies).
 */
export function apiRoute<A extends RouteAuth, B = undefined, Q = undefined>(
  options: RouteOptions<A, B, Q>,
  run: (input: RouteInput<B, Q> & CallerByAuth[A]) => Promise<unknown>,
): RouteHandler {
  const handler: RouteHandler = async (request) => {
    try {
      assertSameOrigin(request);
      const caller = await callerFor[options.auth](request).catch((error: unknown) => {
        throw sessionRefused(error, request);
      });
      const body = (options.body ? await readJsonBody(request, options.body) : undefined) as B;
      const query = (options.query ? readQuery(request, options.query) : undefined) as Q;
      const result = await run({ request, body, query, ...caller });
      return result instanceof Response ? result : ok(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
  declarations.set(handler, { auth: options.auth, handler, body: options.body, query: options.query });
  return handler;
}

/**
 * A session the browser still holds but the server refused (expired, revoked, forged): the 401 also
 * clears its cookies, so the page stops presenting it and the top bar stops saying "signed in".
 */
function sessionRefused(error: unknown, request: Request): unknown {
  if (!(error instanceof AppError) || error.code !== 401 || !carriesSessionCookie(request)) return error;
  return new AppError(401, error.message, error.errors, error.headers, signedOutCookies());
}

const DATABASE_UNAVAILABLE_MESSAGE = "The shop could not finish this just now. Please try again in a moment.";

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const response = fail(error.code, error.message, error.errors);
    for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
    for (const value of error.cookies) response.headers.append("Set-Cookie", value);
    return response;
  }
  if (isConnectionLoss(error)) {
    // The database connection died under the request (what it read was retried already, pool.ts),
    // or the server refused a new one (not accepting connections, too many, starting up) or none
    // came within the connect timeout: not a bug, and the next attempt gets a new connection once
    // the database takes them. One line, without the statement.
    log.warn(
      { error: describeConnectionLoss(error) },
      `API request failed on a lost or refused database connection: ${describeConnectionLoss(error)}`,
    );
    return errorResponse(AppError.serviceUnavailable(DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE));
  }
  // Anything else is a bug or an outage: log what it was and where, tell the caller nothing about it.
  log.error({ error: describeError(error) }, `Unhandled API error: ${describeError(error)}`);
  return fail(500);
}
