import "server-only";
import { statusMessage, type FieldError } from "@/lib/schemas/envelope";

const TOO_MANY_REQUESTS = 429;
const SERVICE_UNAVAILABLE = 503;

/**
 * The one error a service throws on purpose. `code` becomes the HTTP status and the envelope's
 * code; `message` is shown to the customer, so it never carries internals.
 */
export class AppError extends Error {
  readonly code: number;
  readonly errors: FieldError[];
  /** Extra response headers, such as Retry-After on a 429. */
  readonly headers: Readonly<Record<string, string>>;
  /** Set-Cookie values to send with the answer (several, which one header entry cannot hold). */
  readonly cookies: readonly string[];

  constructor(
    code: number,
    message: string = statusMessage(code),
    errors: FieldError[] = [],
    headers: Readonly<Record<string, string>> = {},
    cookies: readonly string[] = [],
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.errors = errors;
    this.headers = headers;
    this.cookies = cookies;
  }

  /**
   * The one way to answer 429: always with Retry-After, so a client (or a proxy) knows when to come
   * back without guessing. ESLint refuses a 429 AppError made any other way.
   */
  static tooManyRequests(message: string, retryAfterSeconds: number): AppError {
    return new AppError(TOO_MANY_REQUESTS, message, [], { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }

  /** 503 with Retry-After: the shop cannot answer this moment (an overload, a lost database connection), but will soon. */
  static serviceUnavailable(retryAfterSeconds: number, message: string = statusMessage(SERVICE_UNAVAILABLE)): AppError {
    return new AppError(SERVICE_UNAVAILABLE, message, [], { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
