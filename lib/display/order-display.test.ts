import { describe, expect, it } from "vitest";
import { ORDER_STATUS_VALUES } from "@/lib/schemas/order";
import {
  ORDER_FILTERS,
  ORDER_STATUS_LABELS,
  formatCalendarDay,
  formatOrderDate,
  formatOrderDateTime,
  formatTimeLeft,
  orderEventLabel,
  orderEventNote,
  orderLinesSummary,
  orderNumber,
  listHref,
  shippingMethodLabel,
  pageWindow,
} from "./order-display";

describe("order display", () => {
  it("offers All and every status the API knows as a filter, each with a customer's word", () => {
    expect(ORDER_FILTERS.map((filter) => filter.status)).toEqual([null, ...ORDER_STATUS_VALUES]);
    expect(ORDER_FILTERS.map((filter) => filter.label)).toEqual([
      "All",
      "Awaiting payment",
      "Paid",
      "Shipped",
      "Delivered",
      "Cancelled",
      "Refunded",
    ]);
    expect(ORDER_STATUS_LABELS.pending_payment).toBe("Awaiting payment");
  });

  it("words timeline events, including ones it has never seen", () => {
    expect(orderEventLabel("created")).toBe("Order placed");
    expect(orderEventLabel("paid")).toBe("Payment received");
    expect(orderEventLabel("expired")).toBe("Cancelled: not paid in time");
    expect(orderEventLabel("return_label_sent")).toBe("Return label sent");
    expect(orderEventLabel("__")).toBe("Update");
  });

  it("names shipping methods as the payment page does", () => {
    expect(shippingMethodLabel("ups_2nd_day_air")).toBe("UPS 2nd Day Air");
  });

  it("keeps internal references out of the timeline and names shipping methods", () => {
    expect(orderEventNote({ type: "paid", note: "Payment 6f1c2d9e-0000-4000-8000-000000000000" })).toBeNull();
    expect(orderEventNote({ type: "shipping_changed", note: "ups_next_day_air" })).toBe("Now UPS Next Day Air");
    expect(orderEventNote({ type: "shipped", note: "UPS 1Z999AA10123456784" })).toBe("UPS 1Z999AA10123456784");
    expect(orderEventNote({ type: "cancelled", note: null })).toBeNull();
  });

  it("shortens an order id to an 8-character number", () => {
    expect(orderNumber("3f2a9c1b-0d4e-4c5a-9b7e-1234567890ab")).toBe("3F2A9C1B");
  });

  it("summarises an order's lines by products, not units", () => {
    expect(orderLinesSummary("Lenwell RO600", 1)).toBe("Lenwell RO600");
    expect(orderLinesSummary("Lenwell RO600", 2)).toBe("Lenwell RO600 and 1 more");
    expect(orderLinesSummary("Lenwell RO600", 3)).toBe("Lenwell RO600 and 2 more");
    expect(orderLinesSummary(null, 0)).toBe("Order");
  });

  it("writes times in the shop's time zone and delivery days as calendar days", () => {
    expect(formatOrderDate("2025-11-22T03:00:00Z")).toBe("Nov 21, 2025");
    expect(formatOrderDateTime("2025-07-04T17:30:00Z")).toBe("Jul 4, 2025, 12:30 PM CDT");
    expect(formatCalendarDay("2025-11-25")).toBe("Tue, Nov 25");
  });

  it("writes every calendar day of a leap year as Intl's en-US short date does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
    for (let time = Date.UTC(2028, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(formatCalendarDay(day)).toBe(intl.format(new Date(time)));
    }
  });

  it("counts down the time left to pay", () => {
    expect(formatTimeLeft(29 * 60_000 + 5_000)).toBe("29 min 05 s");
    expect(formatTimeLeft(42_900)).toBe("42 s");
    expect(formatTimeLeft(3_720_000)).toBe("1 h 02 min");
    expect(formatTimeLeft(-5_000)).toBe("0 s");
  });

  it("builds list addresses without default parameters", () => {
    expect(listHref("/account/orders", null, 1)).toBe("/account/orders");
    expect(listHref("/account/orders", "paid", 1)).toBe("/account/orders?status=paid");
    expect(listHref("/account/orders", "shipped", 3)).toBe("/account/orders?status=shipped&page=3");
    expect(listHref("/account/orders", null, 2)).toBe("/account/orders?page=2");
  });

  it("shows the first, last and nearby pages with gaps between", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });
});
