import "server-only";
import type { z } from "zod";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/server/base/errors";
import { parseWith } from "@/lib/server/base/parse";

export const MAX_BODY_BYTES = 64 * 1024;

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses a state-changing request that a browser sent from another site. Browsers send
 * Sec-Fetch-Site (or at least Origin) on such requests; clients that send neither (the app,
 * scripts) are not browsers and carry no ambient cookie risk. An Origin is compared with the shop's
 * public address (SITE_URL), not with the request's own URL: behind a proxy that is the internal
 * address (http://localhost:PORT), which says nothing about where the visitor's page came from.
 */
export function assertSameOrigin(request: Request): void {
  if (!MUTATIONS.has(request.method)) return;
  const site = request.headers.get("sec-fetch-site");
  if (site) {
    if (site === "same-origin" || site === "none") return;
    throw new AppError(403, "This request came from another site and was refused.");
  }
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(env.SITE_URL).origin) {
    throw new AppError(403, "This request came from another site and was refused.");
  }
}

/**
 * The body's bytes, at most `limit` of them: past it a 413 with `tooLarge`. Shared by the JSON
 * bodies and the one file upload (upload.ts).
 */
export async function readCappedBody(request: Request, limit: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new AppError(413, tooLarge);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // The declared length can lie (or be absent); count what actually arrives.
    if (size > limit) {
      await reader.cancel();
      throw new AppError(413, tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readLimited(request: Request): Promise<string> {
  return new TextDecoder().decode(await readCappedBody(request, MAX_BODY_BYTES, "The request is too large."));
}

/** The body as sent, at most 64 KiB: for a webhook, whose signature covers its exact text. */
export function readRawBody(request: Request): Promise<string> {
  return readLimited(request);
}

/** A JSON body of at most 64 KiB, validated by `schema` (which should be strict). */
export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError(415, "Requests must be sent as JSON (Content-Type: application/json).");
  }
  const text = await readLimited(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(400, "The request body is not valid JSON.");
  }
  return parseWith(schema, value);
}

export function readQuery<T>(request: Request, schema: z.ZodType<T>): T {
  return parseWith(schema, Object.fromEntries(new URL(request.url).searchParams), "query");
}
