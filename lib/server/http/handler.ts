import "server-only";
import type { z } from "zod";
import { AppError } from "./errors";
import { fail, ok } from "./envelope";
import { assertSameOrigin, readJsonBody, readQuery } from "./request";

interface RouteOptions<B, Q> {
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
}

interface RouteInput<B, Q> {
  request: Request;
  body: B;
  query: Q;
}

/**
 * Wraps a route handler: CSRF check for mutations, body and query parsing, then the service call,
 * and every outcome turned into the `{ code, data, errmsg }` envelope. A handler body is only:
 * call the service, return its data (or a Response when it sets cookies).
 */
export function apiRoute<B = undefined, Q = undefined>(
  options: RouteOptions<B, Q>,
  run: (input: RouteInput<B, Q>) => Promise<unknown>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      assertSameOrigin(request);
      const body = (options.body ? await readJsonBody(request, options.body) : undefined) as B;
      const query = (options.query ? readQuery(request, options.query) : undefined) as Q;
      const result = await run({ request, body, query });
      return result instanceof Response ? result : ok(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const response = fail(error.code, error.message, error.errors);
    for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
    return response;
  }
  // Anything else is a bug or an outage: log it whole, tell the caller nothing about it.
  console.error("Unhandled API error:", error);
  return fail(500);
}
