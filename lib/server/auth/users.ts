import "server-only";
import { eq, ilike, inArray, or } from "drizzle-orm";
import { getDb, type DbExecutor, type Transaction } from "@/lib/db/client";
import { users, type UserRow } from "@/lib/db/schema";
import type { UsAddress } from "@/lib/schemas/auth";
import type { User } from "@/lib/schemas/user";
import { byKey, distinctKeys } from "@/lib/server/base/by-key";
import { domainQuestion } from "@/lib/server/events/registry";
import { isOperator } from "./roles";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What a customer holds beyond their account: the memberships domain answers (lib/server/wiring). */
export type CustomerPlans = Pick<User, "membership" | "carePlan">;
export const plansOfCustomer = domainQuestion<string, CustomerPlans>("customer.plans");

/** The customer as the API shows them (`user`, docs/api.md); never the hash or the role's internals. */
export function toUserView(row: UserRow, plans: CustomerPlans): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    phone: row.phone,
    defaultAddress: row.defaultAddress ?? null,
    membership: plans.membership,
    carePlan: plans.carePlan,
    // Customers' answers stay as docs/api.md shows them; only an operator learns about the console
    // (docs/decisions/0022-operator-console.md).
    ...(isOperator(row) ? { isAdmin: true as const } : {}),
  };
}

/** toUserView with the customer's plans read from the database: what every answer with a `user` uses. */
export async function userView(row: UserRow): Promise<User> {
  return toUserView(row, await plansOfCustomer.ask(row.id));
}

export async function findUserByEmail(email: string): Promise<UserRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row ?? null;
}

// What the other domains read and write of an account (the users table is auth's: eslint.config.mjs
// TABLE_OWNERS). Each takes the caller's executor, so a read or write stays in its transaction.

export async function findUserById(db: DbExecutor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The accounts named (an actor, a holder), by id; ids with no account are left out. */
export async function usersById(db: DbExecutor, userIds: readonly (string | null)[]): Promise<Map<string, UserRow>> {
  const ids = distinctKeys(userIds);
  return byKey(ids.length > 0 ? await db.select().from(users).where(inArray(users.id, ids)) : [], (row) => row.id);
}

/** The e-mail of each account named: a lookup answering null for no id, or an account that is gone. */
export async function emailsOfUsers(
  db: DbExecutor,
  userIds: readonly (string | null)[],
): Promise<(userId: string | null) => string | null> {
  const found = await usersById(db, userIds);
  return (userId) => (userId === null ? null : (found.get(userId)?.email ?? null));
}

/**
 * Each view with the customer it belongs to, for the console: the id of the row at the same index
 * and that account's e-mail ("" once the account is gone).
 */
export async function withCustomers<View>(
  db: DbExecutor,
  rows: readonly { userId: string }[],
  views: readonly View[],
): Promise<(View & { customer: { id: string; email: string } })[]> {
  const emailOf = await emailsOfUsers(
    db,
    rows.map((row) => row.userId),
  );
  return views.map((view, index) => {
    const userId = rows[index]?.userId ?? "";
    return { ...view, customer: { id: userId, email: emailOf(userId) ?? "" } };
  });
}

/** The accounts whose e-mail or name matches an ILIKE pattern, as a subquery for `inArray(x.userId, …)`. */
export function usersMatching(db: DbExecutor, pattern: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.email, pattern), ilike(users.username, pattern)));
}

/** A paid checkout asked to keep its address for next time. */
export async function keepDefaultAddress(tx: Transaction, userId: string, address: UsAddress, now: Date): Promise<void> {
  await tx.update(users).set({ defaultAddress: address, updatedAt: now }).where(eq(users.id, userId));
}
