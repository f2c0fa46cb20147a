import "server-only";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { COOKIES } from "@/lib/config/store";
import { ROUTES } from "@/lib/config/routes";
import type { UserRow } from "@/lib/db/schema";
import { findSessionByToken } from "./session";

/**
 * For every page of the operator console: the signed-in operator. A visitor is sent to log in (the
 * middleware already does so and remembers the page; this holds even if it did not run), and a
 * signed-in customer gets the plain 404 page, so the console's pages are not even confirmed to exist.
 */
export async function requireOperatorPage(): Promise<UserRow> {
  const store = await cookies();
  const session = await findSessionByToken(store.get(COOKIES.token)?.value);
  if (!session) redirect(ROUTES.login);
  if (session.user.role !== "admin") notFound();
  return session.user;
}
