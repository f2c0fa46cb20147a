// @vitest-environment node
import { describe, expect, it } from "vitest";
import { orderAnnouncements } from "@/lib/server/orders/announcements";
import { plansOfCustomer } from "@/lib/server/auth/users";
import { purifiersOfCustomer } from "@/lib/server/memberships/care";
import { claimsUnderCarePlan } from "@/lib/server/memberships/plan-refunds";
import { afterSaleClaims } from "@/lib/server/orders/view";
import { renewalCards } from "@/lib/server/payments/saved-methods";
import { accountEmail } from "@/lib/server/reminders/opt-outs";
import { wireDomains } from "@/lib/server/wiring/subscriptions";
import type { Transaction } from "@/lib/db/client";
import { cartAnnouncements } from "@/lib/server/cart/announcements";
import { checkoutAnnouncements } from "@/lib/server/checkout/announcements";
import { domainEvent, domainQuestion, subscribersOf, wireOnFirstUse } from "./registry";

const tx = {} as Transaction;

describe("domain events", () => {
  it("refuses to announce in a process that was never wired, instead of skipping what the subscribers do", async () => {
    wireOnFirstUse(() => Promise.resolve());
    const paid = domainEvent<{ orderId: string }>("test.unwired");
    await expect(paid.announce(tx, { orderId: "a" })).rejects.toThrow(/before lib\/server\/wiring/);
    await expect(domainQuestion<string, number>("test.unwired-question").ask("a")).rejects.toThrow(/before lib\/server\/wiring/);
  });

  it("runs each handler once, in the order subscribed, and a second subscription under one name replaces the first", async () => {
    wireOnFirstUse(() => Promise.resolve(wireDomains()));
    const event = domainEvent<number, string>("test.order");
    const ran: string[] = [];
    event.subscribe("first", (_tx, n) => Promise.resolve(void ran.push(`first ${n}`)));
    event.subscribe("second", (_tx, n) => Promise.resolve(`second ${n}`));
    // The same module loaded again subscribes again: it must not run twice.
    event.subscribe("first", (_tx, n) => Promise.resolve(void ran.push(`first again ${n}`)));
    expect(await event.announce(tx, 7)).toEqual(["second 7"]);
    expect(ran).toEqual(["first again 7"]);
  });

  it("passes a subscriber's refusal to the announcer, so the transaction rolls back", async () => {
    wireOnFirstUse(() => Promise.resolve(wireDomains()));
    const event = domainEvent<null>("test.refusal");
    event.subscribe("refuses", () => Promise.reject(new Error("not this plan")));
    await expect(event.announce(tx, null)).rejects.toThrow("not this plan");
  });

  it("wires every order announcement and every question to the domains that act on them or answer", async () => {
    wireDomains();
    expect(subscribersOf(plansOfCustomer)).toEqual(["memberships"]);
    expect(
      [accountEmail, afterSaleClaims, claimsUnderCarePlan, purifiersOfCustomer, renewalCards].map((question) => subscribersOf(question)),
    ).toEqual([["auth"], ["after-sale"], ["after-sale"], ["purifiers"], ["memberships"]]);
    expect(Object.fromEntries(Object.entries(orderAnnouncements).map(([key, event]) => [key, subscribersOf(event)]))).toEqual({
      charging: ["memberships: plan rules"],
      paymentArrived: ["memberships: renewal"],
      paid: ["memberships: plans start", "reports: funnel"],
      cancelling: ["memberships: plans cancelled"],
      planLinesRefunded: ["memberships: refunded plans end"],
      shipping: ["purifiers: serials"],
      delivered: ["purifiers: registered", "filter shipments: delivered"],
    });
    expect([cartAnnouncements.started, checkoutAnnouncements.placed].map((event) => subscribersOf(event))).toEqual([
      ["reports: funnel"],
      ["reports: funnel"],
    ]);
  });
});
