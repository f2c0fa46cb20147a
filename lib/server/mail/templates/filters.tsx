import "server-only";
import { ROUTES, orderPath, productPath } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import { formatScheduleDay, joinNames } from "@/lib/display/filter-schedule-display";
import { orderNumber } from "@/lib/display/order-display";
import type { UsAddress } from "@/lib/schemas/auth";
import type { MailDraft } from "../render";
import { Action, MailLayout, Paragraph, PlainLink, ReminderUnsubscribeNote, siteUrl } from "./layout";

// The filter schedule's e-mails: a member's scheduled filter order (and the request for an address
// when there is none to ship to), and a non-member's reminder that a filter falls due. Filters are
// named as the catalogue names them; days as "Feb 28, 2027".

export interface FilterLine {
  sku: string;
  name: string;
}

function greeting(name: string | null): string {
  return name ? `Hello ${name},` : "Hello,";
}

function purifierLabel(serial: string | null): string {
  return serial ? `your purifier (serial ${serial})` : "your purifier";
}

export interface FilterOrderFacts {
  orderId: string;
  serial: string | null;
  filters: readonly FilterLine[];
  dueOn: string;
  /** The due date has passed already (stages overdue when the member joined or registered the purifier). */
  overdue: boolean;
  address: UsAddress;
}

/** Sent when the member's scheduled filter order is made (transactional: no unsubscribe). */
export function filterOrderMail(to: string, name: string | null, facts: FilterOrderFacts): MailDraft {
  const names = joinNames(facts.filters.map((filter) => filter.name));
  const plural = facts.filters.length > 1;
  const due = formatScheduleDay(facts.dueOn);
  const number = orderNumber(facts.orderId);
  const { address } = facts;
  return {
    template: "filter-order",
    to,
    subject: facts.overdue
      ? `Your ${names} ${plural ? "are" : "is"} on the way (due since ${due})`
      : `Your ${names} ${plural ? "ship before they are" : "ships before it is"} due on ${due}`,
    content: (
      <MailLayout
        preview={`Order #${number}: your filters for ${due}`}
        heading={`Your ${plural ? "filters ship" : "filter ships"} before ${due}`}
      >
        <Paragraph>{greeting(name)}</Paragraph>
        <Paragraph>
          As part of your membership, we are sending the {plural ? "filters" : "filter"} for {purifierLabel(facts.serial)}{" "}
          {facts.overdue ? `due since ${due}` : `before ${plural ? "they are" : "it is"} due on ${due}`}, in order #{number}:
        </Paragraph>
        <Paragraph lines={facts.filters.map((filter) => `1 × ${filter.name}`)} />
        <Paragraph>There is nothing to pay, and it ships free by UPS Ground.</Paragraph>
        <Paragraph
          lines={[
            "Shipping to:",
            address.fullName,
            address.line1,
            ...(address.line2 ? [address.line2] : []),
            `${address.city}, ${address.state} ${address.zip}`,
          ]}
        />
        <Action href={siteUrl(orderPath(facts.orderId))}>View your order</Action>
      </MailLayout>
    ),
  };
}

export interface FilterAddressFacts {
  serial: string | null;
  filters: readonly FilterLine[];
  dueOn: string;
}

/** Sent once per due date when a member's filters are due but the account has no address to ship to. */
export function filterAddressNeededMail(to: string, name: string | null, facts: FilterAddressFacts): MailDraft {
  const names = joinNames(facts.filters.map((filter) => filter.name));
  const due = formatScheduleDay(facts.dueOn);
  return {
    template: "filter-address-needed",
    to,
    subject: `Add your address so we can ship your ${STORE_NAME} filters`,
    content: (
      <MailLayout preview={`Your filters are due on ${due}: we need an address`} heading="Where should we ship your filters?">
        <Paragraph>{greeting(name)}</Paragraph>
        <Paragraph>
          Your membership ships the {names} for {purifierLabel(facts.serial)} before {facts.filters.length > 1 ? "they are" : "it is"} due
          on {due}, but your account has no address to ship to.
        </Paragraph>
        <Paragraph>Add your address on your account page and we will make the order for you shortly after.</Paragraph>
        <Action href={siteUrl(ROUTES.account)}>Add your address</Action>
      </MailLayout>
    ),
  };
}

export interface FilterReminderFacts {
  serial: string | null;
  filters: readonly FilterLine[];
  dueOn: string;
  unsubscribeUrl: string;
}

/** A non-member's reminder, the lead time before a filter falls due, with a link to order each cartridge. */
export function filterReminderMail(to: string, name: string | null, facts: FilterReminderFacts): MailDraft {
  const names = joinNames(facts.filters.map((filter) => filter.name));
  const plural = facts.filters.length > 1;
  const due = formatScheduleDay(facts.dueOn);
  return {
    template: "filter-reminder",
    to,
    subject: `Your ${names} ${plural ? "are" : "is"} due on ${due}`,
    content: (
      <MailLayout preview={`Time for a new filter on ${due}`} heading={`Your ${plural ? "filters are" : "filter is"} due on ${due}`}>
        <Paragraph>{greeting(name)}</Paragraph>
        <Paragraph>
          The {names} in {purifierLabel(facts.serial)} {plural ? "reach" : "reaches"} the end of {plural ? "their" : "its"} life on {due}.
          Order {plural ? "them" : "it"} now to have the new {plural ? "cartridges" : "cartridge"} ready in time.
        </Paragraph>
        {facts.filters.map((filter) => (
          <Action key={filter.sku} href={siteUrl(productPath(filter.sku))}>
            {plural ? `Order this filter: ${filter.name}` : "Order this filter"}
          </Action>
        ))}
        <Paragraph>
          Members get their filters shipped before they are due, free: <PlainLink href={siteUrl(ROUTES.membership)} />
        </Paragraph>
        <ReminderUnsubscribeNote url={facts.unsubscribeUrl} />
      </MailLayout>
    ),
  };
}
