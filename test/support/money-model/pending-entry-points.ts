// Two entry points the money rewrite brings (the issue "Money that cannot leak"): applying a
// provider event without its signature (the webhook's work, for a dashboard refund, a dispute, a
// refund that failed later, a replay or an event out of order), and cancelling a Lenwell Care
// plan. Until they exist these imports do not typecheck and are undefined when the test runs: the
// model then leaves out the steps that need them (they show as "not offered" in the summary).
import { cancelCarePlan } from "@/lib/server/memberships";
import { applyPaymentEvent } from "@/lib/server/orders";
import type { ProviderEvent } from "@/lib/server/payments/provider";

export type ApplyPaymentEvent = (event: ProviderEvent, now?: Date) => Promise<unknown>;
export type CancelCarePlan = (userId: string, membershipId: string, now?: Date) => Promise<unknown>;

function entry<T>(candidate: unknown): T | null {
  return typeof candidate === "function" ? (candidate as T) : null;
}

export const paymentEvents: ApplyPaymentEvent | null = entry<ApplyPaymentEvent>(applyPaymentEvent);
export const carePlanCancel: CancelCarePlan | null = entry<CancelCarePlan>(cancelCarePlan);
