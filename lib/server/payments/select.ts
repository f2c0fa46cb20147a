import "server-only";
import type { DbExecutor } from "@/lib/db/client";
import { env } from "@/lib/config/env";
import type { ProviderFields } from "@/lib/rules/provider-fields";
import type { PaymentProvider } from "./provider";
import { STRIPE_TEST_CARDS, createStripeProvider } from "./stripe-provider";
import { SANDBOX_CARDS } from "./sandbox-cards";
import { createSandboxGateway, type SandboxGateway } from "./sandbox-gateway";

let stripe: PaymentProvider | undefined;

/**
 * The provider PAYMENT_PROVIDER names. `db` is where the payment is being recorded (usually the
 * caller's transaction); only the in-process sandbox gateway writes there.
 */
export function paymentProvider(db: DbExecutor): PaymentProvider {
  switch (env.PAYMENT_PROVIDER) {
    case "test":
      return createSandboxGateway(db);
    case "stripe":
      // The keys are checked when the server starts (lib/config/env.ts), so they are here.
      return (stripe ??= createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY ?? "",
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
        apiUrl: env.STRIPE_API_URL,
      }));
  }
}

/**
 * The sandbox gateway when it is the provider (Test mode), for the bank's side of its check, which
 * the customer's page plays; null with any other provider (their banks answer for themselves).
 */
export function sandboxGateway(db: DbExecutor): SandboxGateway | null {
  return env.PAYMENT_PROVIDER === "test" ? createSandboxGateway(db) : null;
}

/** Whether the payment page stands in for the bank's check (Test mode's sandbox gateway). */
export function bankCheckInPage(): boolean {
  return env.PAYMENT_PROVIDER === "test";
}

/**
 * The cards the payment page lists under "Test mode" while no real money can move (the built-in
 * provider, or Stripe with test keys); null in live mode.
 */
export function testCardsShown(): readonly { number: string; description: string }[] | null {
  switch (env.PAYMENT_PROVIDER) {
    case "test":
      return SANDBOX_CARDS;
    case "stripe":
      return env.STRIPE_SECRET_KEY?.includes("_test_") ? STRIPE_TEST_CARDS : null;
  }
}

/** What the payment page needs to show the provider's own card fields; null when the shop's fields take the card. */
export function providerCardFields(): ProviderFields | null {
  if (env.PAYMENT_PROVIDER !== "stripe") return null;
  return { publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? "", scriptUrl: env.STRIPE_JS_URL };
}
