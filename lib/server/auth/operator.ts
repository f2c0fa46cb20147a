import "server-only";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { COOKIES } from "@/lib/config/store";
import { ROUTES } from "@/lib/config/routes";
import type { UserRow } from "@/lib/db/schema";
import { AppError } from "@/lib/server/http/errors";
import { findSessionByToken, requireSession, type AuthContext } from "./session";

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
 * visitor is sent to log in (the middleware already does so and remembers the page; this holds even
 * if it did not run), and a signed-in customer gets the plain 404 page, so the console's pages are
 * not even confirmed to exist.
 */
export async function requireOperatorPage(): Promise<UserRow> {
  const store = await cookies();
  const session = await findSessionByToken(store.get(COOKIES.token)?.value);
  if (!session) redirect(ROUTES.login);
  if (!isOperator(session.user)) notFound();
  return session.user;
}
