import "server-only";
import type { MailLane } from "@/lib/config/mail";

// Every template the shop mails, with its lane and whether it carries a secret: the one place that
// says which e-mails jump the queue and which are sealed, then blanked (docs/decisions/0039).
//
// - urgent: someone is at a screen waiting for it (a code, the answer to a code request, a sign-in
//   link). The worker sends these before everything else, newest first.
// - standard: what reports a change (orders, after-sale, plans, filters, welcome), oldest first.
//
// `secret`: the message carries something that lets its reader act (a code, a sign-in link). Its
// subject and parts are kept sealed (encrypted) in the outbox while it waits, it is not sent once
// what it carries has expired, and its contents are removed from the outbox once it has been sent or
// has expired. Only its id, template, recipient and timestamps stay. Such a draft must say when what
// it carries stops working (`expiresAt`).

export interface MailTemplateClass {
  lane: MailLane;
  secret: boolean;
}

const urgent = (secret: boolean): MailTemplateClass => ({ lane: "urgent", secret });
const standard: MailTemplateClass = { lane: "standard", secret: false };

export const MAIL_TEMPLATES = {
  // Account (templates/account.tsx). The answers to a code request without a code go in the same
  // lane as the codes: every code request mails something, and the owner of an address should not
  // learn by the wait whether it has an account.
  "verification-code": urgent(true),
  "reset-code": urgent(true),
  "already-registered": urgent(false),
  "no-account-reset": urgent(false),
  "sign-in-link": urgent(true),
  welcome: standard,
  // Orders (templates/orders.tsx).
  "order-confirmation": standard,
  "order-shipped": standard,
  "order-cancelled": standard,
  // After-sale (templates/after-sale.tsx).
  "after-sale-received": standard,
  "after-sale-approved": standard,
  "after-sale-rejected": standard,
  "after-sale-goods-received": standard,
  "after-sale-refund": standard,
  "after-sale-completed": standard,
  // Filters (templates/filters.tsx).
  "filter-order": standard,
  "filter-address-needed": standard,
  "filter-reminder": standard,
  // Plans (templates/memberships.tsx).
  "renewal-notice": standard,
  "renewal-receipt": standard,
  "renewal-failed": standard,
  "renewal-confirm": standard,
  "membership-lapsed": standard,
  "membership-cancelled": standard,
  "care-ending": standard,
  "care-cancelled": standard,
  "plan-ended-by-refund": standard,
  // Purifiers (templates/purifiers.tsx).
  "purifier-verified": standard,
  "purifier-rejected": standard,
} as const satisfies Record<string, MailTemplateClass>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

function isMailTemplate(name: string): name is MailTemplate {
  return Object.hasOwn(MAIL_TEMPLATES, name);
}

/** The class of a template named in a stored row; rows from before templates were named are standard, not secret. */
export function templateClass(template: string): MailTemplateClass {
  return isMailTemplate(template) ? MAIL_TEMPLATES[template] : standard;
}
