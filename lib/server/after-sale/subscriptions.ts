import "server-only";
import { getDb } from "@/lib/db/client";
import { claimsUnderCarePlan as carePlanClaims } from "@/lib/server/memberships/plan-refunds";
import { afterSaleClaims } from "@/lib/server/orders/view";
import { afterSaleClaimed, claimsUnderCarePlan } from "./claims";

/** What after-sale answers the domains below it: lib/server/wiring calls this once per process. */
export function subscribeAfterSale(): void {
  afterSaleClaims.answerWith("after-sale", async (orderId, db) => afterSaleClaimed(db ?? (await getDb()), orderId));
  carePlanClaims.answerWith("after-sale", async (planId, db) => claimsUnderCarePlan(db ?? (await getDb()), planId));
}
