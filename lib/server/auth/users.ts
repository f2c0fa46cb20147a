import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { users, type UserRow } from "@/lib/db/schema";
import type { User } from "@/lib/schemas/user";
import { customerPlans, type CustomerPlans } from "@/lib/server/memberships";
import { isOperator } from "./operator";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

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
  return toUserView(row, await customerPlans(row.id));
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
