import type { AfterSale, AfterSaleStatus, AfterSaleType } from "@/lib/schemas/after-sale";
import { statusFilters } from "./status-filters";

// How after-sale requests read to a customer: status and type names, timeline wording, the list's
// filter and addresses. Shared by the server-rendered list and the interactive detail.

export const AFTER_SALE_STATUS_LABELS: Readonly<Record<AfterSaleStatus, string>> = {
  pending_review: "Under review",
  approved: "Approved",
  returning: "On its way back",
  received: "Received",
  completed: "Completed",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

export const AFTER_SALE_TYPE_LABELS: Readonly<Record<AfterSaleType, string>> = {
  return: "Return",
  refund: "Refund",
  exchange: "Exchange",
  repair: "Repair",
};

/** What each type means to a customer choosing one. */
export const AFTER_SALE_TYPE_HINTS: Readonly<Record<AfterSaleType, string>> = {
  return: "Send the item back for your money back.",
  refund: "Money back without sending anything, such as for a missing part.",
  exchange: "Send the item back for a replacement.",
  repair: "Send the item in to be fixed.",
};

/** The list's filter, in the order a request moves. */
export const AFTER_SALE_FILTERS = statusFilters(
  ["pending_review", "approved", "returning", "received", "completed", "rejected", "cancelled"],
  AFTER_SALE_STATUS_LABELS,
);

export const AFTER_SALE_PAGE_SIZE = 10;

const EVENT_LABELS: Readonly<Record<string, string>> = {
  pending_review: "Request received",
  approved: "Approved: send the goods back",
  returning: "Goods sent back",
  received: "Goods received by Lenwell",
  completed: "Completed",
  rejected: "Rejected",
  cancelled: "Cancelled",
  refunded: "Refund issued",
};

/** A timeline entry in words; a step this page does not know yet still reads as a phrase. */
export function afterSaleEventLabel(type: string): string {
  const known = EVENT_LABELS[type];
  if (known) return known;
  const words = type.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Update";
}

/**
 * The line under a timeline entry. The approval's note was the return address, which the request
 * page shows in its own block: requests approved before the note was dropped do not show it twice.
 */
export function afterSaleEventNote(event: { type: string; note: string | null }): string | null {
  return event.type === "approved" ? null : event.note;
}

/** The short number a customer quotes to support: the first 8 characters of the request id. */
export function afterSaleNumber(afterSaleId: string): string {
  return afterSaleId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/** "Return of 1 × Lenwell RO600": what the request is about, in one line. */
export function afterSaleTitle(request: Pick<AfterSale, "type" | "quantity" | "name">): string {
  return `${AFTER_SALE_TYPE_LABELS[request.type]} of ${request.quantity} × ${request.name}`;
}
