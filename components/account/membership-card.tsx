import { ButtonLink } from "@/components/ui/button-link";
import { ShopLink } from "@/components/ui/shop-link";
import { ROUTES } from "@/lib/config/routes";
import { formatOrderDate } from "@/lib/display/order-display";
import type { SavedPaymentMethod } from "@/lib/schemas/order";
import type { Membership } from "@/lib/schemas/user";
import { MembershipActions } from "./membership-actions";

const STATUS_WORDS: Readonly<Record<string, string>> = {
  active: "Active",
  scheduled: "Starts later",
  past_due: "Renewal payment failed",
  cancelled: "Cancelled",
  expired: "Expired",
};

function PlanDetails({ title, plan, testId }: { title: string; plan: Membership; testId: string }) {
  return (
    <div data-testid={testId}>
      <h3 className="text-base font-semibold text-ink">{title}</h3>
      <dl className="mt-2 grid gap-2 text-[15px]">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-ink">Plan</dt>
          <dd className="text-ink-soft">{plan.name}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-ink">Status</dt>
          <dd className="text-ink-soft">{STATUS_WORDS[plan.status] ?? plan.status}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-ink">Period</dt>
          <dd className="text-ink-soft">
            <time dateTime={plan.startsAt}>{formatOrderDate(plan.startsAt)}</time> to{" "}
            <time dateTime={plan.endsAt}>{formatOrderDate(plan.endsAt)}</time>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The customer's membership and care plan from the profile, or the way to get them. */
export function MembershipCard({
  membership,
  carePlan,
  savedCards = [],
  cardsPageOnly = false,
}: {
  membership: Membership | null;
  carePlan: Membership | null;
  /** The customer's saved cards, to choose the one renewals charge. */
  savedCards?: SavedPaymentMethod[];
  /** New cards are added on the saved cards page (the provider's own field loads only there). */
  cardsPageOnly?: boolean;
}) {
  return (
    <div className="flex flex-col gap-6">
      {membership ? (
        <div>
          <PlanDetails title="Membership" plan={membership} testId="membership" />
          {membership.autoRenew || membership.cancellation || membership.cancelledAt ? (
            <MembershipActions membership={membership} savedCards={savedCards} cardsPageOnly={cardsPageOnly} />
          ) : null}
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-ink-soft">No membership yet. Members get filters shipped on schedule, free shipping and member prices.</p>
          <ButtonLink href={ROUTES.membership} variant="secondary">
            See membership plans
          </ButtonLink>
        </div>
      )}
      {carePlan ? (
        <PlanDetails title="Care plan" plan={carePlan} testId="care-plan" />
      ) : (
        <p className="text-ink-soft">
          No care plan.{" "}
          <ShopLink href={ROUTES.care} className="font-medium text-brand-700 underline">
            What Lenwell Care covers
          </ShopLink>
        </p>
      )}
    </div>
  );
}
