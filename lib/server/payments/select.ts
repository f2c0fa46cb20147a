import "server-only";
import type { DbExecutor } from "@/lib/db/client";
import { env } from "@/lib/config/env";
import type { ProviderFields } from "@/lib/provider-fields";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe-provider";
import { createTestProvider } from "./test-provider";

let stripe: PaymentProvider | undefined;

/**
 * The provider PAYMENT_PROVIDER names. `db` is where the payment is being recorded (usually the
 * caller's transaction); only the in-process test provider writes there.
 */
export function paymentProvider(db: DbExecutor): PaymentProvider {
  switch (env.PAYMENT_PROVIDER) {
    case "test":
      return createTestProvider(db);
    case "stripe":
      // The keys are checked when the server starts (lib/config/env.ts), so they are here.
      return (stripe ??= createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY ?? "",
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
        apiUrl: env.STRIPE_API_URL,
      }));
  }
}

/** Whether the payment page says "Test mode" and lists the shop's own test cards. */
export function paymentTestMode(): boolean {
  return env.PAYMENT_PROVIDER === "test";
}

/** What the payment page needs to show the provider's own card fields; null when the shop's fields take the card. */
export function providerCardFields(): ProviderFields | null {
  if (env.PAYMENT_PROVIDER !== "stripe") return null;
  return { publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? "", scriptUrl: env.STRIPE_JS_URL };
}
