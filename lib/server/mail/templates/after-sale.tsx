import "server-only";
import type { ReactNode } from "react";
import { AFTER_SALE_TYPE_LABELS, afterSaleNumber, afterSaleTitle } from "@/lib/display/after-sale-display";
import { afterSalePath } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import { formatUsd } from "@/lib/rules/money";
import type { AfterSaleType } from "@/lib/schemas/after-sale";
import type { MailTemplate } from "../lanes";
import type { MailDraft } from "../render";
import { Action, MailLayout, Paragraph, siteUrl } from "./layout";

// The e-mails of an after-sale request, one per step the customer needs to know about. The request
// is named as its page names it: "Request #5E461C55", "Return of 1 × Lenwell RO600".

export interface AfterSaleMailFacts {
  afterSaleId: string;
  type: AfterSaleType;
  name: string;
  quantity: number;
}

function typeWord(type: AfterSaleType): string {
  return AFTER_SALE_TYPE_LABELS[type].toLowerCase();
}

function draft(
  to: string,
  facts: AfterSaleMailFacts,
  step: { template: MailTemplate; subject: string; heading: string; body: ReactNode },
): MailDraft {
  const number = afterSaleNumber(facts.afterSaleId);
  return {
    template: step.template,
    to,
    subject: `Your ${STORE_NAME} ${typeWord(facts.type)} request${step.subject}`,
    content: (
      <MailLayout preview={`Request #${number}: ${step.heading}`} heading={`Request #${number}: ${step.heading}`}>
        <Paragraph>
          {afterSaleTitle(facts)} (request #{number}).
        </Paragraph>
        {step.body}
        <Action href={siteUrl(afterSalePath(facts.afterSaleId))}>Follow your request</Action>
      </MailLayout>
    ),
  };
}

export function afterSaleReceivedMail(to: string, facts: AfterSaleMailFacts): MailDraft {
  return draft(to, facts, {
    template: "after-sale-received",
    subject: " was received",
    heading: "received",
    body: <Paragraph>We have your request and will review it shortly. You will hear from us by e-mail.</Paragraph>,
  });
}

export function afterSaleApprovedMail(to: string, facts: AfterSaleMailFacts, returnAddress: string): MailDraft {
  return draft(to, facts, {
    template: "after-sale-approved",
    subject: " was approved",
    heading: "approved",
    body: (
      <>
        <Paragraph>Your request was approved. Please send the goods to:</Paragraph>
        <Paragraph lines={returnAddress.split(/\r?\n/)} />
        <Paragraph>
          Write the request number #{afterSaleNumber(facts.afterSaleId)} on the parcel. Then enter the carrier and tracking number on the
          request&apos;s page, so we can follow the parcel.
        </Paragraph>
      </>
    ),
  });
}

export function afterSaleRejectedMail(to: string, facts: AfterSaleMailFacts, reason: string): MailDraft {
  return draft(to, facts, {
    template: "after-sale-rejected",
    subject: " was declined",
    heading: "declined",
    body: (
      <>
        <Paragraph>We are sorry, we cannot accept this request.</Paragraph>
        <Paragraph>Reason: {reason}</Paragraph>
        <Paragraph>Reply to this e-mail if you have questions.</Paragraph>
      </>
    ),
  });
}

export function afterSaleGoodsReceivedMail(to: string, facts: AfterSaleMailFacts): MailDraft {
  return draft(to, facts, {
    template: "after-sale-goods-received",
    subject: ": goods received",
    heading: "goods received",
    body: <Paragraph>The goods you sent back have arrived at our service centre. We will complete your request next.</Paragraph>,
  });
}

export function afterSaleRefundMail(to: string, facts: AfterSaleMailFacts, refundCents: number): MailDraft {
  return draft(to, facts, {
    template: "after-sale-refund",
    subject: ": refund issued",
    heading: "refund issued",
    body: (
      <Paragraph>
        We refunded {formatUsd(refundCents)} to the card you paid with. Depending on your bank it shows within 5 to 10 business days.
      </Paragraph>
    ),
  });
}

export function afterSaleCompletedMail(to: string, facts: AfterSaleMailFacts): MailDraft {
  return draft(to, facts, {
    template: "after-sale-completed",
    subject: " is complete",
    heading: "complete",
    body: <Paragraph>Your request is complete. Thank you for your patience.</Paragraph>,
  });
}
