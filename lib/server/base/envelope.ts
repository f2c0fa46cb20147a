import "server-only";
import { statusMessage, type Envelope, type FieldError } from "@/lib/schemas/envelope";

// Every API answer is `{ code, data, errmsg }` with the HTTP status equal to `code`.

export function ok<T>(data: T, init?: ResponseInit): Response {
  return json<T>({ code: 200, data, errmsg: "" }, 200, init);
}

export function fail(code: number, errmsg: string = statusMessage(code), errors?: FieldError[]): Response {
  return json<null>({ code, data: null, errmsg, ...(errors?.length ? { errors } : {}) }, code);
}

function json<T>(body: Envelope<T>, status: number, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...init, status, headers });
}

export async function apiNotFound(): Promise<Response> {
  return fail(404);
}
