import "server-only";
import { getDb } from "@/lib/db/client";
import { withProducts } from "@/lib/server/catalog/lookups";
import { plansOfCustomer } from "@/lib/server/auth/users";
import { orderAnnouncements } from "@/lib/server/orders/announcements";
import { renewalCards } from "@/lib/server/payments/saved-methods";
import { assertCarePlanBuyable } from "./care";
import { customerPlans } from "./customer-plans";
import { renewalCardsOf } from "./plan-rows";
import { activatePlans, orderHasMembership } from "./start-plans";
import { assertMembershipPayable } from "./one-per-customer";
import { cancelPlansOfOrder, endPlansRefunded } from "./plan-refunds";
import { renewOnPaidOrder } from "./renewals";

/** How plans follow their orders, and show on their holder: lib/server/wiring calls this once per process. */
export function subscribeMemberships(): void {
  plansOfCustomer.answerWith("memberships", (userId) => customerPlans(userId));
  renewalCards.answerWith("memberships", async (of, db) => renewalCardsOf(db ?? (await getDb()), of));
  orderAnnouncements.charging.subscribe("memberships: plan rules", async (tx, { userId, orderId, lines, now }) => {
    // The lines' products read once, for both rules.
    const withProduct = await withProducts(tx, lines);
    await assertCarePlanBuyable(
      tx,
      userId,
      withProduct.map((line) => line.product),
    );
    await assertMembershipPayable(tx, userId, orderId, withProduct, now);
    return (await orderHasMembership(orderId, tx)) ? "keep-card" : undefined;
  });
  orderAnnouncements.paymentArrived.subscribe(
    "memberships: renewal",
    async (tx, { orderId, paymentId, paymentMethodId }) =>
      (await renewOnPaidOrder(tx, orderId, { paymentId, paymentMethodId })) ?? undefined,
  );
  orderAnnouncements.paid.subscribe("memberships: plans start", async (tx, { orderId, now, paymentMethodId }) => {
    await activatePlans(tx, orderId, now, { paymentMethodId });
  });
  orderAnnouncements.cancelling.subscribe("memberships: plans cancelled", (tx, { orderId, by, now }) =>
    cancelPlansOfOrder(tx, orderId, by, now),
  );
  orderAnnouncements.planLinesRefunded.subscribe("memberships: refunded plans end", (tx, { orderId, skus, how, now }) =>
    endPlansRefunded(tx, orderId, skus, how, now),
  );
}
