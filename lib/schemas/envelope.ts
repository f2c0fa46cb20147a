// The answer every call of the shop API gives, `{ code, data, errmsg }` with the HTTP status equal
// to `code` (docs/api.md), and the error catalogue's words for each status. The server writes them
// (lib/server/http) and the browser client reads them (lib/api): one definition for both.

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

/** What a customer reads when a call fails with this status and the answer says nothing better. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: "Request failed! Please try again later",
  401: "Login session expired! Please log in again",
  403: "Current account does not have permission to access",
  404: "The resource you are trying to access does not exist",
  405: "Incorrect request method! Please try again later",
  408: "Request timeout! Please try again later",
  428: "The shop is very busy right now. Please try again in a moment",
  500: "Service exception!",
  502: "Gateway error!",
  503: "Service unavailable!",
  504: "Gateway timeout!",
};

export const FALLBACK_MESSAGE = "Request failed!";

export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? FALLBACK_MESSAGE;
}
