import "server-only";
import type { FieldError } from "@/lib/api/envelope";
import { statusMessage } from "@/lib/api/messages";

/**
 * The one error a service throws on purpose. `code` becomes the HTTP status and the envelope's
 * code; `message` is shown to the customer, so it never carries internals.
 */
export class AppError extends Error {
  readonly code: number;
  readonly errors: FieldError[];

  constructor(code: number, message: string = statusMessage(code), errors: FieldError[] = []) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.errors = errors;
  }
}
