import "server-only";
import type { DbExecutor } from "@/lib/db/client";
import { env } from "@/lib/config/env";
import type { PaymentProvider } from "./provider";
import { createTestProvider } from "./test-provider";

/**
 * The provider PAYMENT_PROVIDER names. `db` is where the payment is being recorded (usually the
 * caller's transaction); only the in-process test provider writes there.
 */
export function paymentProvider(db: DbExecutor): PaymentProvider {
  switch (env.PAYMENT_PROVIDER) {
    case "test":
      return createTestProvider(db);
  }
}

/** Whether the payment page shows "Test mode" and the test cards. */
export function paymentTestMode(): boolean {
  return env.PAYMENT_PROVIDER === "test";
}
