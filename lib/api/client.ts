import ky, { type KyInstance } from "ky";
import type { z } from "zod";
import { ADMIN_API_PREFIX, API_PREFIX, API_TIMEOUT_MS, publicEnv } from "@/lib/config/public-env";
import { clearClientSession } from "@/lib/state/session";
import { appStore } from "@/lib/state/store";
import { loadingCountAtom } from "@/lib/state/atoms";
import { showAlertAtom } from "@/lib/state/notices";
import { formatProof, parseChallenge, PROOF_CHALLENGE_HEADER, PROOF_HEADER, PROOF_REQUIRED_STATUS } from "@/lib/proof-of-work/protocol";
import { ApiError, isEnvelope } from "./envelope";
import { failureMessage, statusMessage } from "./messages";

export interface CallOptions {
  searchParams?: Record<string, string | number | undefined>;
  json?: unknown;
  /** A form upload (multipart/form-data, the browser sets its boundary): the one call that sends a file. */
  body?: FormData;
  /** Show a failure to the customer as an alert (most callers show it in their own place instead). */
  notify?: boolean;
  /**
   * A 401 is this call's own answer (a wrong password, a bad code), not an ended session: the
   * client session is left as it is.
   */
  allowAnonymous?: boolean;
  /** Raise the global loading flag (the spinner appears if the call lasts 800 ms). */
  blocking?: boolean;
  /** An operator call: the path is under /api/v1/admin instead of /api/v1/c. */
  operator?: boolean;
  /** Cancels the call (a search the visitor has typed past): it rejects, and nothing is shown. */
  signal?: AbortSignal;
}

type Method = "get" | "post" | "put" | "delete";

let instance: KyInstance | null = null;

function http(): KyInstance {
  // Built on first use: the prefix needs window.location, which exists only in the browser.
  instance ??= ky.create({
    prefixUrl: `${publicEnv.apiBaseUrl || window.location.origin}${API_PREFIX}`,
    credentials: "include",
    timeout: API_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
  });
  return instance;
}

function showFailure(message: string) {
  appStore.set(showAlertAtom, { tone: "error", message });
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return null;
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * Calls the shop API. Resolves with `data` of a code-200 answer, parsed by `schema` (a malformed
 * answer rejects with zod's error); otherwise rejects with ApiError.
 *
 * A 401 means the session ended: the client session is cleared (unless `allowAnonymous`) and the
 * failure is never shown here, whatever `notify` says. What follows is the caller's to decide: the
 * pages that need a session send the customer to log in (`loginOnExpiry`), which says why.
 *
 * The schema is the caller's, so this module loads no zod: pages import it with their own schemas.
 */
export async function callApi<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.output<S>> {
  const { notify = false, allowAnonymous = false, blocking = false } = options;
  if (blocking) appStore.set(loadingCountAtom, (count) => count + 1);
  try {
    let response: Response;
    try {
      const searchParams = options.searchParams
        ? Object.fromEntries(
            Object.entries(options.searchParams).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
          )
        : undefined;
      const send = (headers: Record<string, string> = {}) =>
        http()(path.replace(/^\/+/, ""), {
          method,
          json: options.json,
          body: options.body,
          searchParams,
          headers,
          signal: options.signal,
          ...(options.operator ? { prefixUrl: `${publicEnv.apiBaseUrl || window.location.origin}${ADMIN_API_PREFIX}` } : {}),
        });
      response = await send();
      // Under a flood the server asks for a proof of work (lib/proof-of-work): solve it and send again.
      for (let tries = 0; tries < 2 && response.status === PROOF_REQUIRED_STATUS; tries += 1) {
        const challenge = parseChallenge(response.headers.get(PROOF_CHALLENGE_HEADER));
        if (!challenge) break;
        const { solveChallenge } = await import("@/lib/proof-of-work/solver");
        response = await send({ [PROOF_HEADER]: formatProof(challenge.token, await solveChallenge(challenge)) });
      }
    } catch (error) {
      const message = failureMessage(error);
      if (notify && !options.signal?.aborted) showFailure(message);
      throw new ApiError(0, message);
    }

    const body = await readBody(response);
    if (response.ok && isEnvelope(body) && body.code === 200) return schema.parse(body.data);

    const code = isEnvelope(body) ? body.code : response.status;
    const message = (isEnvelope(body) && body.errmsg) || statusMessage(response.status);
    const errors = isEnvelope(body) ? (body.errors ?? []) : [];
    if (code === 401 && !allowAnonymous) clearClientSession();
    else if (notify) showFailure(message);
    throw new ApiError(code, message, errors);
  } finally {
    if (blocking) appStore.set(loadingCountAtom, (count) => Math.max(0, count - 1));
  }
}
