import "server-only";
import { ROUTES, orderPath, paymentPath } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import { formatUsd } from "@/lib/rules/money";
import { formatOrderDate, orderNumber } from "@/lib/display/order-display";
import type { ReminderUnsubscribe } from "@/lib/server/reminders";
import type { MailDraft } from "../render";
import { Action, MailLayout, Paragraph, ReminderUnsubscribeNote, siteUrl } from "./layout";

// The membership and care plan e-mails: renewal notice and receipt, a failed renewal and the lapse
// after the last try, the cancellation, and the care plan's coming end. Dates are days in the
// shop's time zone, as the account page shows them ("Feb 29, 2028"); amounts as "$129.00".

export interface PlanMailFacts {
  to: string;
  name: string | null;
  planName: string;
}

function hello(name: string | null): string {
  return name ? `Hello ${name},` : "Hello,";
}

/** Sent once, 7 days before a yearly membership renews. */
export function renewalNoticeMail(facts: PlanMailFacts, renewsAt: Date, amountCents: number, card: string | null): MailDraft {
  const day = formatOrderDate(renewsAt.toISOString());
  return {
    template: "renewal-notice",
    to: facts.to,
    subject: `Your ${STORE_NAME} membership renews on ${day}`,
    content: (
      <MailLayout preview={`${facts.planName} renews on ${day}`} heading="Your membership renews soon">
        <Paragraph>{hello(facts.name)}</Paragraph>
        <Paragraph>
          Your {facts.planName} renews on {day}. We will charge {formatUsd(amountCents)} to {card ?? "the card kept for renewals"} for the
          next year.
        </Paragraph>
        <Paragraph>
          Nothing to do if you want to stay a member. To use another card, or to cancel before the renewal (nothing is charged then), go to
          your account:
        </Paragraph>
        <Action href={siteUrl(ROUTES.account)}>Manage your membership</Action>
      </MailLayout>
    ),
  };
}

/** The receipt of a renewal: the paid order and the new period's end. */
export function renewalReceiptMail(facts: PlanMailFacts, orderId: string, amountCents: number, card: string, endsAt: Date): MailDraft {
  const number = orderNumber(orderId);
  const until = formatOrderDate(endsAt.toISOString());
  return {
    template: "renewal-receipt",
    to: facts.to,
    subject: `Receipt: your ${STORE_NAME} membership is renewed`,
    content: (
      <MailLayout preview={`${facts.planName} renewed until ${until}`} heading="Your membership is renewed">
        <Paragraph>{hello(facts.name)}</Paragraph>
        <Paragraph>
          We charged {formatUsd(amountCents)} to {card} for your {facts.planName}. It now runs until {until} and renews then unless you
          cancel.
        </Paragraph>
        <Paragraph
          lines={[`Order #${number}`, `1 × ${facts.planName}: ${formatUsd(amountCents)}`, `Total paid: ${formatUsd(amountCents)}`]}
        />
        <Action href={siteUrl(orderPath(orderId))}>View the receipt</Action>
      </MailLayout>
    ),
  };
}

/** A renewal charge failed and will be tried again on `retryAt`; the benefits go on meanwhile. */
export function renewalFailedMail(facts: PlanMailFacts, reason: string, retryAt: Date): MailDraft {
  const retry = formatOrderDate(retryAt.toISOString());
  return {
    template: "renewal-failed",
    to: facts.to,
    subject: `Your ${STORE_NAME} membership could not be renewed`,
    content: (
      <MailLayout preview="We could not charge your card for the renewal" heading="We could not renew your membership">
        <Paragraph>{hello(facts.name)}</Paragraph>
        <Paragraph>
          We tried to charge your card for your {facts.planName}, but the payment did not go through: {reason}
        </Paragraph>
        <Paragraph>
          Your membership and its benefits continue while we try again. We will try again on {retry}. To use another card, choose or add it
          in your account; we then try again right away:
        </Paragraph>
        <Action href={siteUrl(ROUTES.account)}>Update your card</Action>
      </MailLayout>
    ),
  };
}

/**
 * The bank wants the member to confirm the renewal charge themselves: one e-mail with the link to
 * the renewal order's payment page, payable until `until` (then the membership ends).
 */
export function renewalConfirmMail(facts: PlanMailFacts, orderId: string, amountCents: number, until: Date): MailDraft {
  const day = formatOrderDate(until.toISOString());
  return {
    template: "renewal-confirm",
    to: facts.to,
    subject: `Confirm your ${STORE_NAME} membership renewal with your bank`,
    content: (
      <MailLayout preview="Your bank asks you to confirm the renewal payment" heading="Confirm your renewal with your bank">
        <Paragraph>{hello(facts.name)}</Paragraph>
        <Paragraph>
          It is time to renew your {facts.planName}: {formatUsd(amountCents)} for the next period. Your bank asks you to confirm this
          payment yourself before it goes through, so nothing has been charged yet.
        </Paragraph>
        <Paragraph>
          Your membership and its benefits continue meanwhile. Please confirm the payment by {day}; you can also pay with another card on
          the same page. If it is not paid by then, your membership ends.
        </Paragraph>
        <Paragraph lines={[`Order #${orderNumber(orderId)}`, `1 × ${facts.planName}: ${formatUsd(amountCents)}`]} />
        <Action href={siteUrl(paymentPath(orderId))}>Confirm the payment</Action>
      </MailLayout>
    ),
  };
}

/**
 * The renewal has failed for good: the membership has ended. `how`: the last try was declined, or
 * the payment the bank asked the member to confirm was not confirmed in time.
 */
export function membershipLapsedMail(facts: PlanMailFacts, reason: string, how: "declined" | "unconfirmed" = "declined"): MailDraft {
  const what =
    how === "declined"
      ? `We tried several times to charge your card for your ${facts.planName}, the last time today, and it did not go through: ${reason}`
      : `We could not renew your ${facts.planName}: ${reason}`;
  return {
    template: "membership-lapsed",
    to: facts.to,
    subject: `Your ${STORE_NAME} membership has ended`,
    content: (
      <MailLayout preview="Your membership ended because the renewal could not be charged" heading="Your membership has ended">
        <Paragraph>{hello(facts.name)}</Paragraph>
        <Paragraph>{what}</Paragraph>
        <Paragraph>Your membership has now ended, and nothing more will be charged. You are welcome back any time:</Paragraph>
        <Action href={siteUrl(ROUTES.membership)}>See membership plans</Action>
      </MailLayout>
    ),
  };
}

export type CancellationFacts =
  { mode: "at_period_end"; activeUntil: Date } | { mode: "now"; refundCents: number; unusedMonths: number; card: string | null };

/** Confirms a cancellation, by the member or by the shop for them: what stays and what comes back. */
export function membershipCancelledMail(facts: PlanMailFacts, outcome: CancellationFacts, byShop: boolean): MailDraft {
  const who = byShop ? `${STORE_NAME} cancelled your ${facts.planName} at your request.` : `You cancelled your ${facts.planName}.`;
  const what =
    outcome.mode === "at_period_end"
      ? `Your membership stays active until ${formatOrderDate(outcome.activeUntil.toISOString())}, then stops. Nothing more will be charged.`
      : outcome.refundCents > 0
        ? `Your membership ended today. We refunded ${formatUsd(outcome.refundCents)} for ${monthsText(outcome.unusedMonths)} you had not used to ${outcome.card ?? "the card you paid with"}; depending on your bank it shows within 5 to 10 business days.`
        : "Your membership ended today. No full month of it was left unused, so there is nothing to refund. Nothing more will be charged.";
  return {
    template: "membership-cancelled",
    to: facts.to,
    subject: `Your ${STORE_NAME} membership is cancelled`,
    content: (
      <MailLayout preview="Your membership is cancelled" heading="Your membership is cancelled">
        <Paragraph>{hello(facts.name)}</Paragraph>
        <Paragraph>{who}</Paragraph>
        <Paragraph>{what}</Paragraph>
        <Action href={siteUrl(ROUTES.account)}>Go to your account</Action>
      </MailLayout>
    ),
  };
}

/** "1 full month", "7 full months". */
export function monthsText(months: number): string {
  return months === 1 ? "1 full month" : `${months} full months`;
}

/** Sent once, 30 days before a care plan ends. */
/** A reminder: it carries the reminders list's unsubscribe link and headers (lib/server/reminders). */
export function careEndingMail(facts: PlanMailFacts, endsAt: Date, unsubscribe: ReminderUnsubscribe): MailDraft {
  const day = formatOrderDate(endsAt.toISOString());
  return {
    template: "care-ending",
    to: facts.to,
    headers: unsubscribe.headers,
    subject: `Your ${STORE_NAME} Care plan ends on ${day}`,
    content: (
      <MailLayout preview={`Your care plan ends on ${day}`} heading="Your care plan ends soon">
        <Paragraph>{hello(facts.name)}</Paragraph>
        <Paragraph>
          Your {facts.planName} covers your purifier until {day}. Until then, repairs, parts, labour and shipping both ways are covered: if
          anything is not working right, start a repair request from your account before that day.
        </Paragraph>
        <Paragraph>To keep your purifier covered after that, you can buy a new Lenwell Care plan:</Paragraph>
        <Action href={siteUrl(ROUTES.care)}>See Lenwell Care</Action>
        <ReminderUnsubscribeNote url={unsubscribe.url} />
      </MailLayout>
    ),
  };
}

/** A Lenwell Care plan was cancelled (by the customer, or by the shop with the order): what comes back. */
export function careCancelledMail(
  facts: PlanMailFacts,
  refund: { cents: number; card: string | null; why: string },
  byShop: boolean,
): MailDraft {
  const who = byShop ? `${STORE_NAME} cancelled your ${facts.planName}.` : `You cancelled your ${facts.planName}.`;
  const what =
    refund.cents > 0
      ? `It ended today, and we refunded ${formatUsd(refund.cents)} (${refund.why}) to ${refund.card ?? "the card you paid with"}; depending on your bank it shows within 5 to 10 business days.`
      : `It ended today. ${refund.why}`;
  return {
    template: "care-cancelled",
    to: facts.to,
    subject: `Your ${STORE_NAME} Care plan is cancelled`,
    content: (
      <MailLayout preview="Your care plan is cancelled" heading="Your care plan is cancelled">
        <Paragraph>{hello(facts.name)}</Paragraph>
        <Paragraph>{who}</Paragraph>
        <Paragraph>{what} Repairs requested before today are still handled under the plan.</Paragraph>
        <Action href={siteUrl(ROUTES.account)}>Go to your account</Action>
      </MailLayout>
    ),
  };
}

/**
 * A plan's payment went back outside the shop (refunded from the payment provider's dashboard, or
 * taken back by the cardholder's bank): the plan ends with it. `count` plans of this kind ended
 * together (two care plans of one order): one e-mail says so for all of them.
 */
export function planEndedByRefundMail(facts: PlanMailFacts, how: "refund" | "dispute", count = 1): MailDraft {
  const plans = count > 1 ? `${count} ${facts.planName} plans` : facts.planName;
  const ended = count > 1 ? "they have ended today" : "the plan has ended today";
  const why =
    how === "refund"
      ? `The payment for your ${plans} was refunded to your card, so ${ended}.`
      : `Your bank took back the payment for your ${plans} (a dispute), so ${ended}.`;
  const title = `Your ${plans} ${count > 1 ? "have" : "has"} ended`;
  return {
    template: "plan-ended-by-refund",
    to: facts.to,
    subject: title,
    content: (
      <MailLayout preview={title} heading={count > 1 ? "Your plans have ended" : "Your plan has ended"}>
        <Paragraph>{hello(facts.name)}</Paragraph>
        <Paragraph>{why} Nothing more will be charged for it.</Paragraph>
        <Paragraph>If this is not what you expected, reply to this e-mail or contact us, and we will sort it out.</Paragraph>
        <Action href={siteUrl(ROUTES.account)}>Go to your account</Action>
      </MailLayout>
    ),
  };
}
