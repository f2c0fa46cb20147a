// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import {
  afterSaleEvents,
  afterSaleRequests,
  funnelEvents,
  memberships,
  orderItems,
  orders,
  payments,
  refunds,
  type AfterSaleRow,
  type MembershipRow,
  type OrderRow,
  type RefundRow,
} from "@/lib/db/schema";
import type { ReportPeriodQuery } from "@/lib/schemas/reports";
import { afterSaleFigures } from "@/lib/server/after-sale/figures";
import { membershipFigures, type MembershipFigures } from "@/lib/server/memberships/figures";
import { addToCart } from "@/lib/server/cart";
import { checkoutCart } from "@/lib/server/checkout";
import { storeDate } from "@/lib/server/shipping/dates";
import { makeCustomer, makeProduct } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { funnelCounts } from "./funnel";
import { operatorOverview, type Overview } from "./overview";
import { resolvePeriod } from "./period";

// Every figure of the overview against totals worked out by hand from rows written for the test, in
// the week of the spring clock change (Sunday 2026-03-08, 02:00 CST → 03:00 CDT): the shop's day
// 2026-03-08 runs from 06:00 UTC to 05:00 UTC the next day. The period is 2026-03-08 to 2026-03-14,
// compared with 2026-03-01 to 2026-03-07; "now" is 2026-03-20 12:00 CDT.

const NOW = new Date("2026-03-20T17:00:00Z");
const WEEK: ReportPeriodQuery = { period: "custom", from: "2026-03-08", to: "2026-03-14" };
const at = (iso: string) => new Date(iso);

describe("the overview's period", () => {
  it("counts whole shop days and compares with the days just before", () => {
    const week = resolvePeriod(WEEK, NOW);
    expect(week.start.toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-03-15T05:00:00.000Z");
    expect(week.previous).toMatchObject({ from: "2026-03-01", to: "2026-03-07" });
    expect(week.previous.end).toEqual(week.start);
    const month = resolvePeriod({ period: "month" }, at("2026-11-02T04:30:00Z"));
    // 22:30 on November 1st in Chicago: this month is one day, and the month before is not asked.
    expect(month).toMatchObject({ from: "2026-11-01", to: "2026-11-01", days: 1, bucket: "day" });
    expect(month.end.toISOString()).toBe("2026-11-02T06:00:00.000Z");
    expect(resolvePeriod({ period: "7d" }, NOW)).toMatchObject({ from: "2026-03-14", to: "2026-03-20", days: 7 });
    expect(resolvePeriod({ period: "30d" }, NOW)).toMatchObject({ from: "2026-02-19", to: "2026-03-20", days: 30 });
    expect(resolvePeriod({ period: "today" }, NOW)).toMatchObject({ from: "2026-03-20", to: "2026-03-20" });
    expect(resolvePeriod({ period: "custom", from: "2025-11-01", to: "2026-03-01" }, NOW).bucket).toBe("week");
    expect(() => resolvePeriod({ period: "custom", from: "2024-01-01", to: "2026-03-01" }, NOW)).toThrow(/at most/);
  });
});

describeEachEngine("the console overview on $name", (engine) => {
  const database = databaseForSuite(engine);
  let handle: DatabaseHandle;
  let overview: Overview;
  let operator: { role: "admin" };
  const sku = { a: "", b: "", plan: "", monthly: "", yearly: "" };
  const plan: Record<string, string> = {};
  let openBefore: Awaited<ReturnType<typeof afterSaleFigures>>["open"];
  let membersBefore: MembershipFigures;
  // On PostgreSQL the worker's database outlives the suite: these rows (paid orders without a charge,
  // a ledger written by hand) must not meet another suite's whole-database invariants.
  const written = { orders: [] as string[], plans: [] as string[], requests: [] as string[] };

  async function customer(): Promise<string> {
    return (await makeCustomer(handle)).id;
  }

  async function order(values: Partial<typeof orders.$inferInsert> & { lines: [string, number, number][] }): Promise<OrderRow> {
    const subtotalCents = values.lines.reduce((sum, [, quantity, unit]) => sum + quantity * unit, 0);
    const shippingCents = values.shippingCents ?? 0;
    const taxCents = values.taxCents ?? 0;
    const [row] = await handle.db
      .insert(orders)
      .values({
        userId: values.userId ?? (await customer()),
        status: "paid",
        subtotalCents,
        shippingCents,
        taxCents,
        totalCents: subtotalCents + shippingCents + taxCents,
        stockHeld: false,
        ...values,
      })
      .returning();
    if (!row) throw new Error("no order");
    written.orders.push(row.id);
    await handle.db.insert(orderItems).values(
      values.lines.map(([lineSku, quantity, unit]) => ({
        orderId: row.id,
        sku: lineSku,
        name: `Item ${lineSku}`,
        images: [],
        attributes: "",
        spec: [],
        quantity,
        originalPriceCents: unit,
        unitPriceCents: unit,
        regularPriceCents: unit,
        lineTotalCents: unit * quantity,
      })),
    );
    return row;
  }

  const paymentOf = new Map<string, string>();

  async function refund(of: OrderRow, amountCents: number, createdAt: Date, more: Partial<RefundRow> = {}): Promise<void> {
    const paymentId = paymentOf.get(of.id) ?? (await pay(of));
    paymentOf.set(of.id, paymentId);
    await handle.db.insert(refunds).values({
      paymentId,
      orderId: of.id,
      status: "succeeded",
      reason: "order_cancelled",
      amountCents,
      idempotencyKey: randomUUID(),
      actor: "system",
      createdAt,
      ...more,
    });
  }

  async function pay(of: OrderRow): Promise<string> {
    const [payment] = await handle.db
      .insert(payments)
      .values({
        orderId: of.id,
        userId: of.userId,
        idempotencyKey: randomUUID(),
        provider: "test",
        status: "succeeded",
        amountCents: of.totalCents,
      })
      .returning();
    if (!payment) throw new Error("no payment");
    return payment.id;
  }

  async function membership(name: string, values: Partial<MembershipRow> & Pick<MembershipRow, "startsAt" | "endsAt">): Promise<void> {
    const [row] = await handle.db
      .insert(memberships)
      .values({
        userId: await customer(),
        kind: "membership",
        sku: sku.monthly,
        status: "active",
        autoRenew: true,
        createdAt: values.startsAt,
        ...values,
      })
      .returning();
    if (!row) throw new Error("no plan");
    plan[name] = row.id;
    written.plans.push(row.id);
  }

  async function request(values: Partial<AfterSaleRow> & Pick<AfterSaleRow, "status" | "createdAt">, decidedAt?: [string, Date]) {
    const of = await order({ lines: [[sku.a, 1, 100]], paidAt: at("2026-01-05T18:00:00Z") });
    const [row] = await handle.db
      .insert(afterSaleRequests)
      .values({
        orderId: of.id,
        userId: of.userId,
        sku: sku.a,
        name: "Item",
        quantity: 1,
        type: "return",
        reason: "Other",
        description: "Written for the overview's test.",
        refundCents: 100,
        ...values,
      })
      .returning();
    if (!row) throw new Error("no request");
    written.requests.push(row.id);
    await handle.db
      .insert(afterSaleEvents)
      .values({ afterSaleId: row.id, type: "pending_review", actor: "customer", createdAt: values.createdAt });
    if (decidedAt)
      await handle.db.insert(afterSaleEvents).values({ afterSaleId: row.id, type: decidedAt[0], actor: "admin", createdAt: decidedAt[1] });
  }

  beforeAll(async () => {
    handle = database();
    operator = { role: "admin" };
    sku.a = await makeProduct(handle, { discountCents: 5000, originalCents: 5000 });
    sku.b = await makeProduct(handle, { discountCents: 1000, originalCents: 1000 });
    sku.plan = await makeProduct(handle, { category: "care", planMonths: 24, discountCents: 2000, originalCents: 2000 });
    sku.monthly = await makeProduct(handle, { category: "membership", planMonths: 1, discountCents: 999, originalCents: 999 });
    sku.yearly = await makeProduct(handle, { category: "membership", planMonths: 12, discountCents: 9900, originalCents: 9900 });

    // Sales. 00:30 CST on the 8th: the period's first half hour.
    const o1 = await order({
      lines: [[sku.a, 2, 5000]],
      shippingCents: 500,
      taxCents: 825,
      paidAt: at("2026-03-08T06:30:00Z"),
      referralCode: "SPRING",
    });
    // 23:30 CST on the 7th: the period before.
    const o2 = await order({ lines: [[sku.a, 1, 4000]], taxCents: 330, paidAt: at("2026-03-08T05:30:00Z") });
    // A plan: nothing ships, no shipping, no tax; 23:59 CDT on the 14th, the period's last minute.
    await order({ lines: [[sku.plan, 1, 2000]], shippingMethod: null, paidAt: at("2026-03-15T04:59:00Z"), referralCode: "SPRING" });
    // Midnight CDT on the 15th: after the period.
    await order({ lines: [[sku.b, 1, 999]], paidAt: at("2026-03-15T05:00:00Z") });
    // Never paid: cancelled, and expired.
    await order({
      lines: [[sku.a, 1, 5000]],
      status: "cancelled",
      createdAt: at("2026-03-09T15:00:00Z"),
      cancelledAt: at("2026-03-09T16:00:00Z"),
    });
    await order({ lines: [[sku.b, 2, 1000]], status: "cancelled", cancelReason: "expired", createdAt: at("2026-03-10T15:00:00Z") });
    // Paid, then cancelled and refunded whole the day after.
    const o7 = await order({
      lines: [[sku.b, 3, 1000]],
      status: "cancelled",
      refundedCents: 3000,
      paidAt: at("2026-03-10T18:00:00Z"),
      referralCode: "SUMMER",
    });
    await refund(o7, 3000, at("2026-03-11T15:00:00Z"));
    // A member's free filters: no sale.
    await order({ lines: [[sku.b, 1, 0]], paidAt: at("2026-03-09T15:00:00Z") });
    // 00:30 CDT on the 9th, the first day after the change: a fixed UTC−6 would have put it on the 8th.
    await order({ lines: [[sku.b, 1, 1000]], paidAt: at("2026-03-09T05:30:00Z") });
    // Refunds of the period: an after-sale refund still pending, one from the dashboard for last week's order.
    await handle.db.update(orders).set({ refundedCents: 2000 }).where(eq(orders.id, o1.id));
    await refund(o1, 2000, at("2026-03-12T15:00:00Z"), { status: "pending", reason: "after_sale" });
    await refund(o2, 330, at("2026-03-09T15:00:00Z"), { reason: "provider_dashboard" });
    // Neither counts: refused by the provider, and a dispute won back.
    await refund(o1, 500, at("2026-03-12T16:00:00Z"), { status: "failed", reason: "after_sale" });
    await refund(o1, 400, at("2026-03-13T16:00:00Z"), { status: "reversed", reason: "dispute" });

    // What other suites left in a PostgreSQL worker's database (nothing on PGlite): the figures below are this plus ours.
    membersBefore = await membershipFigures(handle.db, at("2026-03-08T06:00:00Z"), at("2026-03-15T05:00:00Z"), NOW);
    // Members. A monthly plan from January 31st renews on the last day of each month.
    await membership("renewsMonthEnd", { startsAt: at("2026-01-31T18:00:00Z"), endsAt: at("2026-03-31T17:00:00Z") });
    await membership("yearly", { sku: sku.yearly, startsAt: at("2025-06-01T17:00:00Z"), endsAt: at("2026-06-01T17:00:00Z") });
    await membership("joined", { startsAt: at("2026-03-10T17:00:00Z"), endsAt: at("2026-04-10T17:00:00Z") });
    await membership("cancelled", {
      startsAt: at("2026-02-01T17:00:00Z"),
      endsAt: at("2026-04-01T17:00:00Z"),
      autoRenew: false,
      cancelledAt: at("2026-03-12T17:00:00Z"),
    });
    await membership("lapsed", {
      status: "expired",
      autoRenew: false,
      startsAt: at("2026-01-09T12:00:00Z"),
      endsAt: at("2026-03-09T12:00:00Z"),
    });
    await membership("failing", {
      status: "past_due",
      startsAt: at("2026-02-15T06:00:00Z"),
      endsAt: at("2026-03-15T06:00:00Z"),
      renewalAttempts: 2,
      lastRenewalFailure: "The card was declined.",
    });
    const waiting = await order({ lines: [[sku.monthly, 1, 999]], status: "pending_payment", shippingMethod: null });
    await membership("awaitingBank", {
      startsAt: at("2026-02-18T00:00:00Z"),
      endsAt: at("2026-03-18T00:00:00Z"),
      renewalOrderId: waiting.id,
    });
    // The lapsed member comes back: a member again, not a new one.
    const [lapsed] = await handle.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, plan.lapsed ?? ""));
    await membership("rejoined", { userId: lapsed?.userId, startsAt: at("2026-03-11T17:00:00Z"), endsAt: at("2026-04-11T17:00:00Z") });
    await membership("care", {
      kind: "care",
      sku: sku.plan,
      autoRenew: false,
      startsAt: at("2026-01-01T17:00:00Z"),
      endsAt: at("2028-01-01T17:00:00Z"),
    });

    // After-sale.
    openBefore = (await afterSaleFigures(handle.db, at("2026-03-08T06:00:00Z"), at("2026-03-15T05:00:00Z"), NOW)).open;
    await request({ status: "pending_review", createdAt: at("2026-03-09T15:00:00Z") });
    await request({ status: "approved", createdAt: at("2026-03-19T17:00:00Z") }, ["approved", at("2026-03-19T20:00:00Z")]);
    await request({ status: "completed", type: "repair", carePlanId: plan.care, createdAt: at("2026-03-10T15:00:00Z") }, [
      "approved",
      at("2026-03-10T19:00:00Z"),
    ]);
    await request({ status: "rejected", createdAt: at("2026-03-11T15:00:00Z") }, ["rejected", at("2026-03-12T01:00:00Z")]);
    await request({ status: "returning", createdAt: at("2026-03-12T15:00:00Z") }, ["approved", at("2026-03-13T15:00:00Z")]);
    await request({ status: "received", createdAt: at("2026-03-16T15:00:00Z") });

    // The funnel's rows, as the announcements write them.
    const steps = (day: string, step: "cart_started" | "checkout" | "paid", count: number) =>
      Array.from({ length: count }, () => ({ day, step }));
    await handle.db
      .insert(funnelEvents)
      .values([
        ...steps("2026-03-08", "cart_started", 4),
        ...steps("2026-03-08", "checkout", 2),
        ...steps("2026-03-08", "paid", 1),
        ...steps("2026-03-14", "cart_started", 1),
        ...steps("2026-03-14", "checkout", 1),
        ...steps("2026-03-14", "paid", 1),
        ...steps("2026-03-07", "cart_started", 2),
        ...steps("2026-03-15", "cart_started", 5),
      ]);

    overview = await operatorOverview(operator, WEEK, NOW);
  }, 60_000);

  afterAll(async () => {
    if (!handle) return;
    if (written.requests.length > 0) await handle.db.delete(afterSaleRequests).where(inArray(afterSaleRequests.id, written.requests));
    if (written.plans.length > 0) await handle.db.delete(memberships).where(inArray(memberships.id, written.plans));
    if (written.orders.length > 0) {
      await handle.db.delete(refunds).where(inArray(refunds.orderId, written.orders));
      await handle.db.delete(payments).where(inArray(payments.orderId, written.orders));
      await handle.db.delete(orders).where(inArray(orders.id, written.orders));
    }
    await handle.db.delete(funnelEvents).where(inArray(funnelEvents.day, ["2026-03-07", "2026-03-08", "2026-03-14", "2026-03-15"]));
  });

  it("sums the period's sales: paid orders with money in them, refunds on the day they were decided", () => {
    expect(overview.sales.current).toEqual({
      orders: 4,
      grossCents: 11_325 + 2000 + 3000 + 1000,
      refundCents: 3000 + 2000 + 330,
      netCents: 17_325 - 5330,
      averageOrderCents: 4331,
      taxCents: 825,
      shippingCents: 500,
      refunds: 3,
      afterSaleRefunds: 1,
      afterSaleRefundCents: 2000,
    });
    expect(overview.sales.previous).toMatchObject({ orders: 1, grossCents: 4330, refundCents: 0, netCents: 4330, taxCents: 330 });
  });

  it("draws each shop day's net revenue and orders, quiet days included", () => {
    expect(overview.series).toEqual([
      { from: "2026-03-08", to: "2026-03-08", netCents: 11_325, orders: 1 },
      { from: "2026-03-09", to: "2026-03-09", netCents: 1000 - 330, orders: 1 },
      { from: "2026-03-10", to: "2026-03-10", netCents: 3000, orders: 1 },
      { from: "2026-03-11", to: "2026-03-11", netCents: -3000, orders: 0 },
      { from: "2026-03-12", to: "2026-03-12", netCents: -2000, orders: 0 },
      { from: "2026-03-13", to: "2026-03-13", netCents: 0, orders: 0 },
      { from: "2026-03-14", to: "2026-03-14", netCents: 2000, orders: 1 },
    ]);
  });

  it("counts units per product and orders per referral code", () => {
    expect(overview.units.map(({ sku: line, units, salesCents }) => [line, units, salesCents])).toEqual([
      [sku.b, 4, 4000],
      [sku.a, 2, 10_000],
      [sku.plan, 1, 2000],
    ]);
    expect(overview.referrals).toEqual([
      { code: "SPRING", orders: 2, netCents: 11_325 - 2000 + 2000 },
      { code: "SUMMER", orders: 1, netCents: 0 },
    ]);
  });

  it("counts the funnel's steps and the share at each", () => {
    expect(overview.funnel.current).toEqual({ cartsStarted: 5, checkouts: 3, paid: 2, checkoutShare: 0.6, paidShare: 2 / 3 });
    expect(overview.funnel.previous).toEqual({ cartsStarted: 2, checkouts: 0, paid: 0, checkoutShare: 0, paidShare: null });
  });

  it("counts members, their monthly revenue, who joined, cancelled and lapsed, and what renews or is stuck", () => {
    const figures = overview.membership.current;
    const before = membersBefore;
    expect(figures).toMatchObject({
      activeMembers: before.activeMembers + 7,
      activeMembersAtStart: before.activeMembersAtStart + 6,
      newMembers: before.newMembers + 1,
      cancelled: before.cancelled + 1,
      lapsed: before.lapsed + 1,
      mrrCents: before.mrrCents + 6 * 999 + 825,
      mrrAtStartCents: before.mrrAtStartCents + 5 * 999 + 825,
      churn: (before.cancelled + before.lapsed + 2) / (before.activeMembersAtStart + 6),
      renewalsDue: { count: before.renewalsDue.count + 3, amountCents: before.renewalsDue.amountCents + 3 * 999 },
      carePlansActive: before.carePlansActive + 1,
    });
    expect(figures.awaitingBank.filter((row) => row.membershipId === plan.awaitingBank)).toEqual([
      { membershipId: plan.awaitingBank, sku: sku.monthly, ageDays: 2, attempts: 0, lastFailure: null },
    ]);
    expect(figures.failing.filter((row) => row.membershipId === plan.failing)).toEqual([
      { membershipId: plan.failing, sku: sku.monthly, ageDays: 5, attempts: 2, lastFailure: "The card was declined." },
    ]);
  });

  it("counts what waits in after-sale and how fast the operator first decides", () => {
    const figures = overview.afterSale.current;
    expect(figures).toMatchObject({ medianHoursToDecision: 10, decided: 3, coveredRepairs: 1, requested: 4 });
    const added = (status: string) => {
      const now = figures.open.find((row) => row.status === status);
      const before = openBefore.find((row) => row.status === status);
      return {
        count: (now?.count ?? 0) - (before?.count ?? 0),
        underTwoDays: (now?.underTwoDays ?? 0) - (before?.underTwoDays ?? 0),
        twoToSevenDays: (now?.twoToSevenDays ?? 0) - (before?.twoToSevenDays ?? 0),
        overSevenDays: (now?.overSevenDays ?? 0) - (before?.overSevenDays ?? 0),
      };
    };
    expect(added("pending_review")).toEqual({ count: 1, underTwoDays: 0, twoToSevenDays: 0, overSevenDays: 1 });
    expect(added("approved")).toEqual({ count: 1, underTwoDays: 1, twoToSevenDays: 0, overSevenDays: 0 });
    expect(added("returning")).toEqual({ count: 1, underTwoDays: 0, twoToSevenDays: 0, overSevenDays: 1 });
    expect(added("received")).toEqual({ count: 1, underTwoDays: 0, twoToSevenDays: 1, overSevenDays: 0 });
    expect(figures.open.find((row) => row.status === "pending_review")?.oldestDays).toBeGreaterThanOrEqual(11);
  });

  it("shows the figures to operators only", async () => {
    await expect(operatorOverview({ role: "customer" }, WEEK, NOW)).rejects.toMatchObject({ code: 403 });
  });

  it("counts a started cart once and a checkout, with no user in the row", async () => {
    const who = await makeCustomer(handle);
    const today = storeDate(new Date());
    const before = await funnelCounts(handle.db, today, today);
    const first = await makeProduct(handle);
    const second = await makeProduct(handle);
    await addToCart(who.id, first, 1);
    await addToCart(who.id, second, 1);
    await addToCart(who.id, first, 1);
    await checkoutCart(who.id, null);
    const after = await funnelCounts(handle.db, today, today);
    expect(after.cartsStarted - before.cartsStarted).toBe(1);
    expect(after.checkouts - before.checkouts).toBe(1);
    expect(Object.keys((await handle.db.select().from(funnelEvents).limit(1))[0] ?? {}).sort()).toEqual(["day", "id", "step"]);
  });
});
