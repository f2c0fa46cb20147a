import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { users, type UserRow } from "@/lib/db/schema";
import type { User } from "@/lib/schemas/user";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The customer as the API shows them (design/api.md `user`); never the hash or the role's internals. */
export function toUserView(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    phone: row.phone,
    defaultAddress: row.defaultAddress ?? null,
    // Memberships arrive with the buying slice.
    membership: null,
  };
}

export async function findUserByEmail(email: string): Promise<UserRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1);
  return row ?? null;
}
