// Types for scripts/front-cache.mjs (plain JavaScript, imported by the server without compiling).
import type { IncomingMessage, ServerResponse } from "node:http";

export declare const FRONT_CACHE_HOOK: unique symbol;
export declare const MAX_AGE_MS: number;
export declare const MAX_BYTES: number;

export type Encoding = "br" | "gzip" | "identity";
export declare function chooseEncoding(header: string | string[] | undefined): Encoding;

export declare class FrontCache {
  constructor(options?: { now?: () => number });
  configure(policy: { sessionCookie: string }): void;
  useLocally(): void;
  expire(): void;
  readonly size: number;
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  sees(response: ServerResponse, chunk: unknown, encoding: unknown): void;
  ended(response: ServerResponse): void;
}

export declare function shopResponse(front: FrontCache): typeof ServerResponse<IncomingMessage>;
