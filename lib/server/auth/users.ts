import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { users, type UserRow } from "@/lib/db/schema";
import type { User } from "@/lib/schemas/user";
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
