import { SHIPPING_METHOD_VALUES, SHIPPING_PRESETS, DEFAULT_SHIPPING_PRESET } from "@/lib/config/shipping";
import { STORE_TIME_ZONE } from "@/lib/config/store";
import type { OrderStatusValue, ShippingMethodValue } from "@/lib/schemas/order";
import { statusFilters } from "./status-filters";

// How orders read to a customer: status names, timeline wording, order numbers and dates. Shared by
// the server-rendered list and the interactive detail, so both say the same thing.

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatusValue, string>> = {
  pending_payment: "Awaiting payment",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/**
 * The list's filter, in the order a customer follows an order. The statuses are written out rather
 * than taken from lib/schemas/order: a value from there would bring zod into every page that shows
 * an order's status (the first-load budgets in e2e/budgets.spec.ts).
 */
export const ORDER_FILTERS = statusFilters(
  ["pending_payment", "paid", "shipped", "delivered", "cancelled", "refunded"],
  ORDER_STATUS_LABELS,
);

export const ORDERS_PAGE_SIZE = 10;

/** What an order with nothing to ship (plans and services only) says where the shipping option goes. */
export const NOTHING_TO_SHIP_LABEL = "No shipping (nothing to ship)";

/** The payment page's words for an order with nothing to ship, instead of the address and shipping option. */
export const NOTHING_TO_SHIP_NOTE =
  "Nothing in this order is shipped (plans and services only), so no address or shipping option is needed.";

/** The cart's free-shipping line for a cart of plans and services only. */
export const NOTHING_TO_SHIP_CART = "Nothing to ship: plans and services need no delivery";

/** Where a member's free ground shipping is shown (cart, payment page): the membership page's promise. */
export const MEMBER_SHIPPING_TEXT = "Free UPS Ground with your membership";

/** "UPS Ground": the label of a shipping method (the same in every preset); null: nothing ships. */
export function shippingMethodLabel(method: ShippingMethodValue | null): string {
  if (method === null) return NOTHING_TO_SHIP_LABEL;
  return SHIPPING_PRESETS[DEFAULT_SHIPPING_PRESET].methods.find((rule) => rule.value === method)?.label ?? method;
}

const EVENT_LABELS: Readonly<Record<string, string>> = {
  created: "Order placed",
  paid: "Payment received",
  payment_failed: "Payment did not go through",
  address_changed: "Delivery address changed",
  shipping_changed: "Shipping option changed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Order cancelled",
  refunded: "Refund issued",
  refund_failed: "Refund failed",
  disputed: "Payment disputed by the cardholder",
  dispute_won: "Dispute decided for the shop",
  expired: "Cancelled: not paid in time",
  after_sale_completed: "After-sale request completed",
};

/** A timeline entry in words; an event type this page does not know yet still reads as a phrase. */
export function orderEventLabel(type: string): string {
  const known = EVENT_LABELS[type];
  if (known) return known;
  const words = type.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Update";
}

const SHIPPING_METHOD_SET: ReadonlySet<string> = new Set(SHIPPING_METHOD_VALUES);

/**
 * The line under a timeline entry. A payment's note is the provider's internal reference, which
 * means nothing to a customer; a shipping change names the method by its label.
 */
export function orderEventNote(event: { type: string; note: string | null }): string | null {
  if (!event.note || event.type === "paid") return null;
  if (event.type === "shipping_changed" && SHIPPING_METHOD_SET.has(event.note)) {
    return `Now ${shippingMethodLabel(event.note as ShippingMethodValue)}`;
  }
  return event.note;
}

/** The short number a customer quotes to support: the first 8 characters of the order id. */
export function orderNumber(orderId: string): string {
  return orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/**
 * "Lenwell RO600 and 2 more": the first product of an order and how many other products it has.
 * Counts products (lines), not units: three filters of one kind are one product.
 */
export function orderLinesSummary(firstName: string | null | undefined, lineCount: number): string {
  const first = firstName ?? "Order";
  const others = lineCount - 1;
  return others > 0 ? `${first} and ${others} more` : first;
}

// Dates are written in the shop's own time zone (Houston), so the server's HTML and the browser's
// render agree and a customer sees the times support sees. Each formatter is built on its first use:
// building one loads ICU's locale and time-zone data, which a page that shows no date (the payment
// page, the cart) should not pay for while it starts.

function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const dateFormat = onFirstUse(() => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: STORE_TIME_ZONE }));
const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: STORE_TIME_ZONE,
      timeZoneName: "short",
    }),
);

/** "Nov 22, 2025" from an ISO timestamp. */
export function formatOrderDate(iso: string): string {
  return dateFormat().format(new Date(iso));
}

/** "Nov 22, 2025, 3:04 PM CST" from an ISO timestamp. */
export function formatOrderDateTime(iso: string): string {
  return dateTimeFormat().format(new Date(iso));
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * "Tue, Nov 25" from a calendar day "2025-11-25" (a delivery estimate has no time of day). A calendar
 * day needs no time zone, so it is written out without Intl and the payment page builds no formatter.
 */
export function formatCalendarDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** "29 min 05 s" (or "1 h 02 min") left until a moment; "0 s" once it has passed. */
export function formatTimeLeft(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  if (minutes > 0) return `${minutes} min ${String(seconds).padStart(2, "0")} s`;
  return `${seconds} s`;
}

/** The list's address for a filter and page; page 1 and "All" leave their parameter out. */
export function listHref(base: string, status: string | null, page: number): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** Page numbers to show around the current one, with null where a run is left out. */
export function pageWindow(current: number, pageCount: number, spread = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= pageCount; page += 1) {
    const edge = page === 1 || page === pageCount;
    const near = Math.abs(page - current) <= spread;
    if (edge || near) pages.push(page);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}
