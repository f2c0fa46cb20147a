import { hash } from "@node-rs/argon2";
import { inArray, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { PASSWORD_HASH_OPTIONS } from "@/lib/config/auth";
import * as schema from "../schema";
import { DEMO_ACCOUNTS } from "./accounts";
import { DEMO_CATALOGUE } from "./catalogue";

type AnyDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Adds the demo catalogue and accounts that are missing; existing rows are left exactly as they are
 * (an operator's prices, stock and listing survive a restart).
 */
export async function seedDatabase(db: AnyDatabase): Promise<{ created: string[] }> {
  const created: string[] = [];
  const products = await db
    .insert(schema.products)
    .values(
      DEMO_CATALOGUE.map((entry, index) => ({
        sku: entry.skuNum,
        category: entry.category,
        name: entry.name,
        subtitle: entry.subtitle,
        images: entry.image,
        attributes: entry.attributes,
        spec: entry.spec,
        description: entry.description,
        originalPriceCents: entry.originalPriceCents,
        discountPriceCents: entry.discountPriceCents,
        stock: entry.stock,
        planMonths: entry.planMonths ?? null,
        memberPriceCents: entry.memberPriceCents ?? null,
        filterStage: entry.filter?.stage ?? null,
        filterLifeMonths: entry.filter?.lifeMonths ?? null,
        sortOrder: index,
      })),
    )
    .onConflictDoNothing({ target: schema.products.sku })
    .returning({ sku: schema.products.sku });
  created.push(...products.map((row) => row.sku));
  // A password is hashed only for an account still missing: a hash is the seed's one costly step,
  // and every restart (and every test suite) runs the seed over accounts that are already there.
  const existing = await db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(
      inArray(
        schema.users.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  const present = new Set(existing.map((row) => row.email));
  for (const account of DEMO_ACCOUNTS) {
    if (present.has(account.email)) continue;
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
