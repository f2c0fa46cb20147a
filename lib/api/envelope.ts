// The response envelope every call of /api/v1/c answers with (docs/api.md).

export interface FieldError {
  path: string;
  message: string;
}

export interface Envelope<T> {
  code: number;
  data: T | null;
  errmsg: string;
  errors?: FieldError[];
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.code === "number" && "data" in record && typeof record.errmsg === "string";
}

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
