import "server-only";
import type { SessionMeta } from "@/lib/server/auth/session";

/**
 * Who is calling, for the session record. Forwarding headers are trusted only when a trusted proxy
 * is configured (the accounts slice adds TRUSTED_PROXY); until then the address is not recorded.
 */
export function clientInfo(request: Request): SessionMeta {
  return { userAgent: request.headers.get("user-agent"), ip: null };
}
