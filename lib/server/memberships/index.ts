import "server-only";

// The memberships service (membership and care plans): the one entry point other domains and the
// route handlers import.
export { activatePlans, orderHasMembership } from "./start-plans";
export { customerPlans, isMemberAt, type CustomerPlans } from "./customer-plans";
export { activateCarePlans, assertCarePlanBuyable, careCoverageOf, coveringCarePlan } from "./care";
export { activeMembershipEnd, assertMembershipBuyable, assertMembershipPayable, type PlanRuleLine } from "./one-per-customer";
export { MEMBERSHIP_MESSAGES } from "./messages";
export { addMonths } from "./periods";
export { cancelMembership, operatorCancelMembership, type CancelOutcome } from "./cancel";
export { operatorCancelCarePlan, cancelCarePlan, previewCareCancellation } from "./care-cancel";
export { cancelPlansOfOrder, endPlansRefunded, planRefundRule, type PlanRefund } from "./plan-refunds";
export { renewOnPaidOrder, setRenewalCard, runRenewals, type RenewalReport } from "./renewals";
export { runCareReminders } from "./reminders";
export { MEMBERSHIP_JOBS } from "./jobs";
