import ky, { type KyInstance } from "ky";
import { setCookie } from "cookies-next/client";
import { ADMIN_API_PREFIX, API_PREFIX, API_TIMEOUT_MS, publicEnv } from "@/lib/config/public-env";
import { COOKIES, LOGIN_RETURN_MAX_AGE_S } from "@/lib/config/store";
import { ROUTES } from "@/lib/config/routes";
import { safeReturnPath } from "@/lib/return-path";
import { clearClientSession } from "@/lib/state/session";
import { appStore } from "@/lib/state/store";
import { loadingCountAtom } from "@/lib/state/atoms";
import { keepAlertForNextPage, showAlertAtom } from "@/lib/state/notices";
import { ApiError, isEnvelope } from "./envelope";
import { failureMessage, statusMessage } from "./messages";

export interface CallOptions {
  searchParams?: Record<string, string | number | undefined>;
  json?: unknown;
  /** Do not show the failure to the customer (the caller handles or logs it). */
  quiet?: boolean;
  /** On 401, stay on the page instead of clearing the session and going to login. */
  allowAnonymous?: boolean;
  /** Raise the global loading flag (the spinner appears if the call lasts 800 ms). */
  blocking?: boolean;
  /** An operator call: the path is under /api/v1/admin instead of /api/v1/c. */
  operator?: boolean;
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

function notify(message: string) {
  appStore.set(showAlertAtom, { tone: "error", message });
}

/** Clears the client's session, remembers where the customer was, and sends them to log in. */
export function handleUnauthorized(message: string) {
  clearClientSession();
  notify(message);
  keepAlertForNextPage({ tone: "error", message });
  const here = safeReturnPath(`${window.location.pathname}${window.location.search}`);
  if (here && !here.startsWith(ROUTES.login)) {
    setCookie(COOKIES.loginReturnPath, here, {
      path: "/",
      maxAge: LOGIN_RETURN_MAX_AGE_S,
      sameSite: "lax",
    });
  }
  window.location.assign(ROUTES.login);
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

/** Calls the shop API. Resolves with `data` of a code-200 answer; otherwise rejects with ApiError. */
export async function callApi<T>(method: Method, path: string, options: CallOptions = {}): Promise<T> {
  const { quiet = false, allowAnonymous = false, blocking = false } = options;
  if (blocking) appStore.set(loadingCountAtom, (count) => count + 1);
  try {
    let response: Response;
    try {
      const searchParams = options.searchParams
        ? Object.fromEntries(
            Object.entries(options.searchParams).filter(
              (entry): entry is [string, string | number] => entry[1] !== undefined,
            ),
          )
        : undefined;
      response = await http()(path.replace(/^\/+/, ""), {
        method,
        json: options.json,
        searchParams,
        ...(options.operator ? { prefixUrl: `${publicEnv.apiBaseUrl || window.location.origin}${ADMIN_API_PREFIX}` } : {}),
      });
    } catch (error) {
      const message = failureMessage(error);
      if (!quiet) notify(message);
      throw new ApiError(0, message);
    }

    const body = await readBody(response);
    if (response.ok && isEnvelope(body) && body.code === 200) return body.data as T;

    const code = isEnvelope(body) ? body.code : response.status;
    const message = (isEnvelope(body) && body.errmsg) || statusMessage(response.status);
    const errors = isEnvelope(body) ? (body.errors ?? []) : [];
    if (code === 401 && !allowAnonymous) {
      handleUnauthorized(message);
    } else if (!quiet) {
      notify(message);
    }
    throw new ApiError(code, message, errors);
  } finally {
    if (blocking) appStore.set(loadingCountAtom, (count) => Math.max(0, count - 1));
  }
}
