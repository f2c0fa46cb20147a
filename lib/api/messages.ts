import { FALLBACK_MESSAGE } from "@/lib/schemas/envelope";

// What a customer reads when a call fails: the status messages of the error catalogue
// (lib/schemas/envelope.ts, shared with the server) and those of a call that got no answer at all.
export { FALLBACK_MESSAGE, STATUS_MESSAGES, statusMessage } from "@/lib/schemas/envelope";

export const TIMEOUT_MESSAGE = "Request timeout! Please try again later";
export const NETWORK_MESSAGE = "Network error! Please try again later";

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
