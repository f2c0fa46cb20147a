import "server-only";
import { STORE_NAME } from "@/lib/config/store";
import { env } from "@/lib/config/env";
import { afterSalePath } from "@/lib/config/routes";
import { formatUsd } from "@/lib/money";
import type { AfterSaleType } from "@/lib/schemas/after-sale";
import type { MailMessage } from "./transport";

// The e-mails of an after-sale request, one per step the customer needs to know about. Plain text.

export interface AfterSaleMailFacts {
  afterSaleId: string;
  type: AfterSaleType;
  name: string;
  quantity: number;
}

const TYPE_WORDS: Readonly<Record<AfterSaleType, string>> = {
  return: "return",
  refund: "refund",
  exchange: "exchange",
  repair: "repair",
};

function subjectOf(facts: AfterSaleMailFacts, what: string): string {
  return `Your ${STORE_NAME} ${TYPE_WORDS[facts.type]} request${what}`;
}

function body(facts: AfterSaleMailFacts, lines: string[]): string {
  return [
    `Your ${TYPE_WORDS[facts.type]} request for ${facts.quantity} × ${facts.name} (request ${facts.afterSaleId}).`,
    "",
    ...lines,
    "",
    "Follow the request here:",
    `${env.SITE_URL}${afterSalePath(facts.afterSaleId)}`,
    "",
    `The ${STORE_NAME} team`,
  ].join("\n");
}

export function afterSaleReceivedMail(to: string, facts: AfterSaleMailFacts): MailMessage {
  return {
    to,
    subject: subjectOf(facts, " was received"),
    text: body(facts, ["We have your request and will review it shortly. You will hear from us by e-mail."]),
  };
}

export function afterSaleApprovedMail(to: string, facts: AfterSaleMailFacts, returnAddress: string): MailMessage {
  return {
    to,
    subject: subjectOf(facts, " was approved"),
    text: body(facts, [
      "Your request was approved. Please send the goods to:",
      "",
      returnAddress,
      "",
      "Then enter the carrier and tracking number on the request's page, so we can follow the parcel.",
    ]),
  };
}

export function afterSaleRejectedMail(to: string, facts: AfterSaleMailFacts, reason: string): MailMessage {
  return {
    to,
    subject: subjectOf(facts, " was declined"),
    text: body(facts, [
      "We are sorry, we cannot accept this request.",
      "",
      `Reason: ${reason}`,
      "",
      "Reply to this e-mail if you have questions.",
    ]),
  };
}

export function afterSaleGoodsReceivedMail(to: string, facts: AfterSaleMailFacts): MailMessage {
  return {
    to,
    subject: subjectOf(facts, ": goods received"),
    text: body(facts, ["The goods you sent back have arrived at our service centre. We will complete your request next."]),
  };
}

export function afterSaleRefundMail(to: string, facts: AfterSaleMailFacts, refundCents: number): MailMessage {
  return {
    to,
    subject: subjectOf(facts, ": refund issued"),
    text: body(facts, [
      `We refunded ${formatUsd(refundCents)} to the card you paid with. Depending on your bank it shows within 5 to 10 business days.`,
    ]),
  };
}

export function afterSaleCompletedMail(to: string, facts: AfterSaleMailFacts): MailMessage {
  return {
    to,
    subject: subjectOf(facts, " is complete"),
    text: body(facts, ["Your request is complete. Thank you for your patience."]),
  };
}
