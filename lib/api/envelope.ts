import type { FieldError } from "@/lib/schemas/envelope";

// The browser's side of the envelope (lib/schemas/envelope.ts): the error a failed call throws.
export { isEnvelope, type Envelope, type FieldError } from "@/lib/schemas/envelope";

/** A call that did not answer code 200. `code` is the body code, or 0 when nothing came back. */
export class ApiError extends Error {
  readonly code: number;
  readonly errors: FieldError[];

  constructor(code: number, message: string, errors: FieldError[] = []) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.errors = errors;
  }
}
