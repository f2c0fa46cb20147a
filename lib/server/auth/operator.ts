import "server-only";
import { notFound } from "next/navigation";
import type { UserRow } from "@/lib/db/schema";
import { AppError } from "@/lib/server/base/errors";
import { requirePageSession } from "./page-session";
import { requireSession, type AuthContext } from "./session";

// Who is an operator is decided here and nowhere else: the admin API (apiRoute's "operator"), the
// console's pages and the operator services' own check all ask isOperator, so the rule cannot drift
// between copies.

export function isOperator(user: Pick<UserRow, "role">): boolean {
  return user.role === "admin";
}

/**
 * 403 for anyone but an operator. The operator services call it as well as the route: a page or a
 * script reaches them without apiRoute, and must meet the same rule.
 */
export function assertOperator(user: Pick<UserRow, "role">): void {
  if (!isOperator(user)) throw new AppError(403);
}

/** The signed-in operator's session: 401 without a valid session, then 403 for anyone but an operator. */
export async function requireOperator(request: Request): Promise<AuthContext> {
  const session = await requireSession(request);
  assertOperator(session.user);
  return session;
}

/**
 * requireOperator for the console's pages, which answer in pages rather than in the envelope: a
 * visitor without a live session is sent to log in and back like on every protected page
 * (requirePageSession), and a signed-in customer gets the plain 404 page, so the console's pages are
 * not even confirmed to exist.
 */
export async function requireOperatorPage(): Promise<UserRow> {
  const session = await requirePageSession();
  if (!isOperator(session.user)) notFound();
  return session.user;
}
