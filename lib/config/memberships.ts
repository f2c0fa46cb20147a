import type { MerchandiseCategory } from "./catalog";

// The membership's renewal and reminder schedule, in one place: the renewal job, the e-mails, the
// account page and the docs read these numbers.

/**
 * After a renewal charge fails, it is tried again this many days after the period's end: once per
 * entry. The member keeps the benefits ("past due") until the last try fails; then the membership lapses.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

/** "1, 3 and 7 days": the retry schedule in the pages' words. */
export function retryDaysText(): string {
  const days = RENEWAL_RETRY_DAYS.map(String);
  const last = days.pop();
  return `${days.length > 0 ? `${days.join(", ")} and ` : ""}${last} days`;
}

/** A yearly membership's renewal is announced by e-mail this many days before it is charged. */
export const YEARLY_RENEWAL_NOTICE_DAYS = 7;

/** A care plan's coming end is announced by e-mail this many days before it ends. */
export const CARE_ENDING_REMINDER_DAYS = 30;

/** How often each server instance offers the membership jobs a turn. */
export const MEMBERSHIP_JOB_EVERY_MS = 10 * 60_000;

/** A plan of this many months or more is billed yearly: cancelling it ends it at once with a refund of unused full months. */
export const YEARLY_PLAN_MONTHS = 12;

/**
 * Lenwell Care can be cancelled any time. Within this many days of buying it, with no repair made
 * under it, the whole price comes back; later, the unused full months of its term, pro rata; once a
 * repair has been made under it, nothing (the repair was the cover).
 */
export const CARE_FULL_REFUND_DAYS = 30;

/**
 * The yearly membership is one per customer: bought one at a time (quantity 1), and not by a
 * customer whose membership is active (it renews from the account instead). Its page offers no
 * quantity; the cart and checkout refuse the rest (lib/server/memberships/one-per-customer.ts).
 */
export function isOnePerCustomer(product: { category: MerchandiseCategory; planMonths: number | null }): boolean {
  return product.category === "membership" && (product.planMonths ?? 0) >= YEARLY_PLAN_MONTHS;
}
