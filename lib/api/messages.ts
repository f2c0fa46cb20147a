// The error catalogue: what a customer reads when a call fails, by HTTP status. The texts are fixed
// word for word (messages.test.ts); the server answers with the same ones when it has nothing more
// specific to say (lib/server/http/envelope.ts).

export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: "Request failed! Please try again later",
  401: "Login session expired! Please log in again",
  403: "Current account does not have permission to access",
  404: "The resource you are trying to access does not exist",
  405: "Incorrect request method! Please try again later",
  408: "Request timeout! Please try again later",
  500: "Service exception!",
  502: "Gateway error!",
  503: "Service unavailable!",
  504: "Gateway timeout!",
};

export const FALLBACK_MESSAGE = "Request failed!";
export const TIMEOUT_MESSAGE = "Request timeout! Please try again later";
export const NETWORK_MESSAGE = "Network error! Please try again later";

export function statusMessage(status: number): string {
  return STATUS_MESSAGES[status] ?? FALLBACK_MESSAGE;
}

/** Message for a call that got no response at all. */
export function failureMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message : String(error);
  if (name === "TimeoutError" || /time(d)? ?out/i.test(message)) return TIMEOUT_MESSAGE;
  if (name === "TypeError" || /network ?error|failed to fetch|load failed/i.test(message)) {
    return NETWORK_MESSAGE;
  }
  return FALLBACK_MESSAGE;
}
