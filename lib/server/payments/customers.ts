import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { paymentCustomers } from "@/lib/db/schema";
import { findUserById } from "@/lib/server/auth/users";
import type { PaymentProvider } from "./provider";

/** The provider's record of the shop customer if one was made already; null otherwise (none is made). */
export async function knownProviderCustomer(tx: DbExecutor, provider: PaymentProvider, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ reference: paymentCustomers.reference })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name)))
    .limit(1);
  return row?.reference ?? null;
}

/**
 * The provider's record of the shop customer (a Stripe Customer), made the first time one is
 * needed; null for a provider that keeps cards without one. The provider is asked under a key
 * derived from the customer, so two first payments at once make one record, and the unique
 * (customer, provider) row keeps the one the shop uses.
 */
export async function providerCustomer(tx: DbExecutor, provider: PaymentProvider, userId: string): Promise<string | null> {
  if (!provider.createCustomer) return null;
  const known = () => knownProviderCustomer(tx, provider, userId);
  const existing = await known();
  if (existing) return existing;
  const user = await findUserById(tx, userId);
  if (!user) throw new Error(`No customer ${userId} to make a ${provider.name} customer for`);
  const reference = await provider.createCustomer({ userId, email: user.email, name: user.username ?? user.email });
  await tx.insert(paymentCustomers).values({ userId, provider: provider.name, reference }).onConflictDoNothing();
  return (await known()) ?? reference;
}
