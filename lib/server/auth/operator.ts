import "server-only";
import { notFound } from "next/navigation";
import type { UserRow } from "@/lib/db/schema";
import { requirePageSession } from "./page-session";
import { assertOperator, isOperator } from "./roles";
import { requireSession, type AuthContext } from "./session";

// Where the operator's rule (./roles) meets a request or a page.

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
