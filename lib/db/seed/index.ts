import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { PASSWORD_HASH_OPTIONS } from "@/lib/config/auth";
import * as schema from "../schema";
import { DEMO_ACCOUNTS } from "./accounts";

type AnyDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Adds the demo accounts that are missing; existing rows are left exactly as they are. */
export async function seedDatabase(db: AnyDatabase): Promise<{ created: string[] }> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const passwordHash = await hash(account.password, PASSWORD_HASH_OPTIONS);
    const rows = await db
      .insert(schema.users)
      .values({
        email: account.email,
        emailVerifiedAt: sql`now()`,
        passwordHash,
        username: account.username,
        role: account.role,
      })
      .onConflictDoNothing({ target: schema.users.email })
      .returning({ email: schema.users.email });
    created.push(...rows.map((row) => row.email));
  }
  return { created };
}
