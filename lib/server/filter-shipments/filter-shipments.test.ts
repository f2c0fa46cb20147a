// @vitest-environment node
import { and, asc, eq, inArray } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterEach, expect, it, vi } from "vitest";
import { filterChanges, filterShipments, mailOutbox, memberships, orderItems, orders, purifiers, users } from "@/lib/db/schema";
import type { MembershipRow } from "@/lib/db/schema";
import type { UsAddress } from "@/lib/schemas/auth";
import { deliverOrder, shipOrder } from "@/lib/server/orders";
import { acceptsReminders, readUnsubscribeToken, reminderUnsubscribe, unsubscribeWithToken } from "@/lib/server/reminders";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { HOUSTON, makeCustomer, type Customer } from "@/test/support/shop";
import {
  operatorFilterSchedule,
  postponeFilterShipment,
  runFilterReminders,
  runFilterShipments,
  skipFilterShipment,
  upcomingFilterShipments,
} from "./index";
import { filterDemandForecast } from "./forecast";

// The filter schedule with the clock moved: each run of the jobs is given `now`, the shop's day is
// America/Chicago's, and what a member or a non-member finds (orders, e-mails) is read back.

// Serials are unique across the database, which a PostgreSQL test database keeps between runs.
const RUN = randomBytes(3).toString("hex").toUpperCase();

/** Noon in Chicago on `day` (18:00 UTC is noon in winter, 1 PM in summer: the same day either way). */
function noon(day: string): Date {
  return new Date(`${day}T18:00:00Z`);
}

describeEachEngine("filters on schedule on $name", (engine) => {
  const handle = databaseForSuite(engine);
  afterEach(() => {
    vi.useRealTimers();
  });

  async function customer(address: UsAddress | null = HOUSTON): Promise<Customer> {
    return makeCustomer(handle(), { address });
  }

  async function member(from: string, to: string, address: UsAddress | null = HOUSTON): Promise<Customer> {
    const who = await customer(address);
    await handle()
      .db.insert(memberships)
      .values({
        userId: who.id,
        kind: "membership",
        sku: "LW-MEM-Y",
        startsAt: new Date(`${from}T00:00:00Z`),
        endsAt: new Date(`${to}T00:00:00Z`),
      });
    return who;
  }

  async function purifier(userId: string, installedOn: string, serial: string | null = null): Promise<string> {
    const [row] = await handle()
      .db.insert(purifiers)
      .values({ userId, sku: "LW-RO600", serial, source: "customer", purchasedOn: installedOn, installedOn })
      .returning({ id: purifiers.id });
    if (!row) throw new Error("no purifier");
    return row.id;
  }

  async function ordersOf(userId: string) {
    const rows = await handle()
      .db.select({ order: orders, sku: orderItems.sku, unit: orderItems.unitPriceCents, original: orderItems.originalPriceCents })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.createdAt), asc(orderItems.sku));
    const byOrder = new Map<
      string,
      {
        id: string;
        status: string;
        total: number;
        shipping: string | null;
        address: unknown;
        skus: string[];
        units: number[];
        originals: number[];
      }
    >();
    for (const row of rows) {
      const entry = byOrder.get(row.order.id) ?? {
        id: row.order.id,
        status: row.order.status,
        total: row.order.totalCents,
        shipping: row.order.shippingMethod,
        address: row.order.shippingAddress,
        skus: [],
        units: [],
        originals: [],
      };
      entry.skus.push(row.sku);
      entry.units.push(row.unit);
      entry.originals.push(row.original);
      byOrder.set(row.order.id, entry);
    }
    return [...byOrder.values()];
  }

  async function mailsTo(email: string) {
    return handle()
      .db.select({ subject: mailOutbox.subject, body: mailOutbox.body, headers: mailOutbox.headers })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(asc(mailOutbox.seq));
  }

  it("orders a member's pre-filter exactly 14 days before it is due, not 15, free and paid, with an e-mail", async () => {
    const who = await member("2026-01-01", "2027-12-31");
    await purifier(who.id, "2026-03-10", `RO6-SCHED-1-${RUN}`);
    await runFilterShipments(noon("2026-08-26"));
    expect(await ordersOf(who.id)).toEqual([]);

    await runFilterShipments(noon("2026-08-27"));
    const [order, ...others] = await ordersOf(who.id);
    expect(others).toEqual([]);
    expect(order).toMatchObject({
      status: "paid",
      total: 0,
      shipping: "ups_ground",
      address: HOUSTON,
      skus: ["LW-F1-PP"],
      units: [0],
      originals: [3900],
    });
    const mails = await mailsTo(who.email);
    expect(mails.map((mail) => mail.subject)).toEqual(["Your Composite pre-filter (PP + carbon) ships before it is due on Sep 10, 2026"]);
    expect(mails[0]?.body).toContain(`serial RO6-SCHED-1-${RUN}`);
    expect(mails[0]?.headers).toBeNull();

    // Running again on the day, or later, makes nothing more.
    await runFilterShipments(noon("2026-08-28"));
    expect(await ordersOf(who.id)).toHaveLength(1);
  });

  it("reads the day in Chicago: 23:30 on the day before the order day makes nothing, 00:30 on it does", async () => {
    const who = await member("2026-01-01", "2027-12-31");
    await purifier(who.id, "2026-03-10");
    // 2026-08-27T04:30Z is Aug 26, 23:30 CDT; 05:30Z is Aug 27, 00:30 CDT.
    await runFilterShipments(new Date("2026-08-27T04:30:00Z"));
    expect(await ordersOf(who.id)).toEqual([]);
    await runFilterShipments(new Date("2026-08-27T05:30:00Z"));
    expect(await ordersOf(who.id)).toHaveLength(1);
  });

  it("counts month ends and leap days: Aug 31 installs order on Feb 14 (Feb 28 due) and Feb 15 in a leap year (Feb 29 due)", async () => {
    const who = await member("2026-01-01", "2029-12-31");
    await purifier(who.id, "2026-08-31");
    await runFilterShipments(noon("2027-02-13"));
    expect(await ordersOf(who.id)).toEqual([]);
    await runFilterShipments(noon("2027-02-14"));
    expect(await ordersOf(who.id)).toHaveLength(1);

    const leap = await member("2026-01-01", "2029-12-31");
    await purifier(leap.id, "2027-08-31");
    await runFilterShipments(noon("2028-02-14"));
    expect(await ordersOf(leap.id)).toEqual([]);
    await runFilterShipments(noon("2028-02-15"));
    expect(await ordersOf(leap.id)).toHaveLength(1);
    expect((await mailsTo(leap.email)).map((mail) => mail.subject)).toEqual([
      "Your Composite pre-filter (PP + carbon) ships before it is due on Feb 29, 2028",
    ]);
  });

  it("makes one order however many instances run the job at the same moment", async () => {
    const who = await member("2026-01-01", "2027-12-31");
    await purifier(who.id, "2026-03-10");
    const now = noon("2026-08-27");
    const reports = await Promise.all([runFilterShipments(now), runFilterShipments(now), runFilterShipments(now)]);
    expect(await ordersOf(who.id)).toHaveLength(1);
    expect(reports.every((report) => report.failed === 0)).toBe(true);
    expect((await mailsTo(who.email)).length).toBe(1);
  });

  it("counts the delivered order as the change on its due date, so the next shipment has the pre-filter and post-carbon together", async () => {
    const operator = await makeCustomer(handle(), { role: "admin" });
    const [operatorRow] = await handle().db.select().from(users).where(eq(users.id, operator.id));
    if (!operatorRow) throw new Error("no operator");
    const who = await member("2026-01-01", "2028-12-31");
    const id = await purifier(who.id, "2026-01-15");
    await runFilterShipments(noon("2026-07-01"));
    const [first] = await ordersOf(who.id);
    if (!first) throw new Error("no first order");
    // The operator ships and delivers it on July 8 (the delivery step reads the clock itself).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(noon("2026-07-08"));
    await shipOrder(operatorRow, { orderId: first.id, carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    await deliverOrder(operatorRow, first.id);
    vi.useRealTimers();
    const changes = await handle()
      .db.select({ stage: filterChanges.stage, changedOn: filterChanges.changedOn, source: filterChanges.source })
      .from(filterChanges)
      .where(eq(filterChanges.purifierId, id));
    expect(changes).toEqual([{ stage: 1, changedOn: "2026-07-15", source: "shipment" }]);

    // Next pre-filter due 2027-01-15, the same day as the post-carbon: one order, two lines, made on Jan 1.
    await runFilterShipments(noon("2026-12-31"));
    expect(await ordersOf(who.id)).toHaveLength(1);
    await runFilterShipments(noon("2027-01-01"));
    const [, second, ...more] = await ordersOf(who.id);
    expect(more).toEqual([]);
    expect(second).toMatchObject({ skus: ["LW-F1-PP", "LW-F3-PC"], units: [0, 0], total: 0 });
    expect((await mailsTo(who.email)).at(-1)?.subject).toBe(
      "Your Composite pre-filter (PP + carbon) and Post-carbon taste cartridge ship before they are due on Jan 15, 2027",
    );
  });

  it("counts an overdue filter delivered late from its delivery day, so no new order follows at once", async () => {
    const operator = await makeCustomer(handle(), { role: "admin" });
    const [operatorRow] = await handle().db.select().from(users).where(eq(users.id, operator.id));
    if (!operatorRow) throw new Error("no operator");
    // Installed long before joining: the pre-filter was due 2025-09-10, ordered on the first run.
    const who = await member("2026-08-01", "2028-12-31");
    const id = await purifier(who.id, "2025-03-10");
    await runFilterShipments(noon("2026-08-03"));
    const [order] = await ordersOf(who.id);
    if (!order) throw new Error("no order");
    expect(order.skus).toEqual(["LW-F1-PP", "LW-F3-PC"]);
    expect((await mailsTo(who.email)).map((mail) => mail.subject)).toEqual([
      "Your Composite pre-filter (PP + carbon) and Post-carbon taste cartridge are on the way (due since Sep 10, 2025)",
    ]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(noon("2026-08-06"));
    await shipOrder(operatorRow, { orderId: order.id, carrier: "UPS", trackingNumber: "1Z999AA10123456785" });
    await deliverOrder(operatorRow, order.id);
    vi.useRealTimers();
    const changes = await handle()
      .db.select({ stage: filterChanges.stage, changedOn: filterChanges.changedOn })
      .from(filterChanges)
      .where(eq(filterChanges.purifierId, id))
      .orderBy(asc(filterChanges.stage));
    expect(changes).toEqual([
      { stage: 1, changedOn: "2026-08-06" },
      { stage: 3, changedOn: "2026-08-06" },
    ]);
    await runFilterShipments(noon("2026-08-07"));
    expect(await ordersOf(who.id)).toHaveLength(1);
  });

  it("sends a non-member a reminder and no order; a member an order and no reminder", async () => {
    const owner = await customer();
    await purifier(owner.id, "2026-03-10", `RO6-REMIND-1-${RUN}`);
    const subscriber = await member("2026-01-01", "2027-12-31");
    await purifier(subscriber.id, "2026-03-10");
    const now = noon("2026-08-27");
    await Promise.all([runFilterReminders(now), runFilterReminders(now)]);
    await runFilterShipments(now);
    await runFilterReminders(noon("2026-09-05"));

    expect(await ordersOf(owner.id)).toEqual([]);
    const reminders = await mailsTo(owner.email);
    expect(reminders.map((mail) => mail.subject)).toEqual(["Your Composite pre-filter (PP + carbon) is due on Sep 10, 2026"]);
    expect(reminders[0]?.body).toContain("Order this filter");
    expect(reminders[0]?.body).toContain("/mart/detail/LW-F1-PP");
    expect(reminders[0]?.body).toContain("/reminders/unsubscribe?token=");
    expect(reminders[0]?.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(reminders[0]?.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/api\/v1\/c\/reminders\/unsubscribe\?token=[^>]+>$/);

    expect(await ordersOf(subscriber.id)).toHaveLength(1);
    expect((await mailsTo(subscriber.email)).map((mail) => mail.subject)).toEqual([
      "Your Composite pre-filter (PP + carbon) ships before it is due on Sep 10, 2026",
    ]);
  });

  it("does not remind 15 days ahead, and stops reminding a customer who unsubscribed", async () => {
    const owner = await customer();
    await purifier(owner.id, "2026-03-10");
    await runFilterReminders(noon("2026-08-26"));
    expect(await mailsTo(owner.email)).toEqual([]);

    const { url } = reminderUnsubscribe(owner.id);
    const token = new URL(url).searchParams.get("token") ?? "";
    await unsubscribeWithToken(token);
    expect(await acceptsReminders(handle().db, owner.id)).toBe(false);
    await runFilterReminders(noon("2026-08-27"));
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  it("refuses a forged or altered unsubscribe token and unsubscribes nobody", async () => {
    const owner = await customer();
    const other = await customer();
    const token = new URL(reminderUnsubscribe(owner.id).url).searchParams.get("token") ?? "";
    expect(readUnsubscribeToken(token)).toEqual({ userId: owner.id, list: "reminders" });
    const [body = "", signature = ""] = token.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
    const altered = `${Buffer.from(JSON.stringify({ ...payload, u: other.id })).toString("base64url")}.${signature}`;
    const flipped = `${body}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    for (const bad of [altered, flipped, `${body}.`, "nonsense", ""]) {
      await expect(unsubscribeWithToken(bad)).rejects.toMatchObject({ code: 400 });
    }
    expect(await acceptsReminders(handle().db, other.id)).toBe(true);
    expect(await acceptsReminders(handle().db, owner.id)).toBe(true);
  });

  it("asks a member without any address once, and ships once an address is saved", async () => {
    const who = await member("2026-01-01", "2027-12-31", null);
    await purifier(who.id, "2026-03-10");
    await runFilterShipments(noon("2026-08-27"));
    await runFilterShipments(noon("2026-08-28"));
    expect(await ordersOf(who.id)).toEqual([]);
    expect((await mailsTo(who.email)).map((mail) => mail.subject)).toEqual(["Add your address so we can ship your Lenwell filters"]);

    await handle().db.update(users).set({ defaultAddress: HOUSTON }).where(eq(users.id, who.id));
    await runFilterShipments(noon("2026-08-29"));
    expect(await ordersOf(who.id)).toMatchObject([{ address: HOUSTON, skus: ["LW-F1-PP"] }]);
  });

  it("ships to the latest order's address when the member has no default one", async () => {
    const who = await member("2026-01-01", "2027-12-31", null);
    await purifier(who.id, "2026-03-10");
    const elsewhere: UsAddress = { ...HOUSTON, line1: "9 Elm St", city: "Austin", zip: "78701" };
    // One transaction: other suites check the whole database's orders while this one runs.
    const earlier = await handle().db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values({ userId: who.id, status: "cancelled", subtotalCents: 2900, totalCents: 2900, shippingAddress: elsewhere })
        .returning({ id: orders.id });
      if (!row) throw new Error("no order");
      await tx.insert(orderItems).values({
        orderId: row.id,
        sku: "LW-F1-PP",
        name: "Composite pre-filter (PP + carbon)",
        images: [],
        attributes: "",
        spec: [],
        quantity: 1,
        originalPriceCents: 3900,
        unitPriceCents: 2900,
        regularPriceCents: 2900,
        lineTotalCents: 2900,
      });
      return row;
    });
    await runFilterShipments(noon("2026-08-27"));
    const made = (await ordersOf(who.id)).filter((order) => order.id !== earlier.id);
    expect(made).toMatchObject([{ address: elsewhere, status: "paid", skus: ["LW-F1-PP"] }]);
  });

  it("lets a member skip the next shipment: no order, and the stage's next date counts on from the skipped one", async () => {
    const who = await member("2026-01-01", "2027-12-31");
    const id = await purifier(who.id, "2026-03-10");
    const before = await upcomingFilterShipments(who.id, noon("2026-08-01"));
    expect(before).toMatchObject({
      member: true,
      shipments: [{ purifierId: id, dueOn: "2026-09-10", orderOn: "2026-08-27", status: "scheduled", canPostpone: true }],
    });

    const after = await skipFilterShipment(who.id, { purifierId: id, dueOn: "2026-09-10" }, noon("2026-08-01"));
    expect(after.shipments).toMatchObject([{ dueOn: "2027-03-10", orderOn: "2027-02-24" }]);
    expect(after.shipments[0]?.filters.map((filter) => filter.skuNum)).toEqual(["LW-F1-PP", "LW-F3-PC"]);
    await runFilterShipments(noon("2026-08-27"));
    await runFilterShipments(noon("2026-09-10"));
    expect(await ordersOf(who.id)).toEqual([]);
    await expect(skipFilterShipment(who.id, { purifierId: id, dueOn: "2026-09-10" }, noon("2026-08-02"))).rejects.toMatchObject({
      code: 409,
    });
  });

  it("lets a member postpone the next shipment once by 30 days: ordered 14 days before the new date", async () => {
    const who = await member("2026-01-01", "2027-12-31");
    const id = await purifier(who.id, "2026-03-10");
    const after = await postponeFilterShipment(who.id, { purifierId: id, dueOn: "2026-09-10" }, noon("2026-08-20"));
    expect(after.shipments).toMatchObject([
      { dueOn: "2026-09-10", shipFor: "2026-10-10", orderOn: "2026-09-26", status: "postponed", canPostpone: false },
    ]);
    await expect(postponeFilterShipment(who.id, { purifierId: id, dueOn: "2026-09-10" }, noon("2026-08-21"))).rejects.toMatchObject({
      code: 409,
    });

    await runFilterShipments(noon("2026-08-27"));
    await runFilterShipments(noon("2026-09-25"));
    expect(await ordersOf(who.id)).toEqual([]);
    await Promise.all([runFilterShipments(noon("2026-09-26")), runFilterShipments(noon("2026-09-26"))]);
    expect(await ordersOf(who.id)).toHaveLength(1);
    expect((await mailsTo(who.email)).map((mail) => mail.subject)).toEqual([
      "Your Composite pre-filter (PP + carbon) ships before it is due on Oct 10, 2026",
    ]);
    const [row] = await handle()
      .db.select()
      .from(filterShipments)
      .where(and(eq(filterShipments.purifierId, id), eq(filterShipments.dueOn, "2026-09-10")));
    expect(row).toMatchObject({ status: "ordered", postponedTo: "2026-10-10" });
    await expect(skipFilterShipment(who.id, { purifierId: id, dueOn: "2026-09-10" }, noon("2026-09-27"))).rejects.toMatchObject({
      code: 409,
    });
  });

  it("refuses to skip another customer's purifier, or a shipment that is not the next one", async () => {
    const who = await member("2026-01-01", "2027-12-31");
    const stranger = await member("2026-01-01", "2027-12-31");
    const id = await purifier(who.id, "2026-03-10");
    await expect(skipFilterShipment(stranger.id, { purifierId: id, dueOn: "2026-09-10" }, noon("2026-08-01"))).rejects.toMatchObject({
      code: 404,
    });
    await expect(skipFilterShipment(who.id, { purifierId: id, dueOn: "2027-03-10" }, noon("2026-08-01"))).rejects.toMatchObject({
      code: 409,
    });
    const outsider = await customer();
    const theirs = await purifier(outsider.id, "2026-03-10");
    await expect(
      postponeFilterShipment(outsider.id, { purifierId: theirs, dueOn: "2026-09-10" }, noon("2026-08-01")),
    ).rejects.toMatchObject({ code: 409 });
  });

  it("shows the operator the coming weeks' filter orders with skips and postponements, then the orders made", async () => {
    const operator = await makeCustomer(handle(), { role: "admin" });
    const [operatorRow] = await handle().db.select().from(users).where(eq(users.id, operator.id));
    if (!operatorRow) throw new Error("no operator");
    const scheduled = await member("2026-01-01", "2031-12-31");
    await purifier(scheduled.id, "2030-03-10", `RO6-CONSOLE-1-${RUN}`);
    const postponing = await member("2026-01-01", "2031-12-31");
    const postponed = await purifier(postponing.id, "2030-03-12", `RO6-CONSOLE-2-${RUN}`);
    await postponeFilterShipment(postponing.id, { purifierId: postponed, dueOn: "2030-09-12" }, noon("2030-08-01"));
    const skipping = await member("2026-01-01", "2031-12-31");
    const skipped = await purifier(skipping.id, "2030-03-11", `RO6-CONSOLE-3-${RUN}`);
    await skipFilterShipment(skipping.id, { purifierId: skipped, dueOn: "2030-09-11" }, noon("2030-08-01"));
    const ordered = await member("2026-01-01", "2031-12-31");
    await purifier(ordered.id, "2030-02-20", `RO6-CONSOLE-4-${RUN}`);
    await runFilterShipments(noon("2030-08-06"));

    const schedule = await operatorFilterSchedule(operatorRow, noon("2030-08-10"), 8);
    const mine = (rows: typeof schedule.upcoming) =>
      rows.filter((row) => row.serial?.startsWith("RO6-CONSOLE-") && row.serial.endsWith(RUN));
    expect(
      mine(schedule.upcoming).map(({ serial, dueOn, shipFor, orderOn, state, filters }) => ({
        serial,
        dueOn,
        shipFor,
        orderOn,
        state,
        filters,
      })),
    ).toEqual([
      {
        serial: `RO6-CONSOLE-1-${RUN}`,
        dueOn: "2030-09-10",
        shipFor: "2030-09-10",
        orderOn: "2030-08-27",
        state: "scheduled",
        filters: ["Composite pre-filter (PP + carbon)"],
      },
      {
        serial: `RO6-CONSOLE-3-${RUN}`,
        dueOn: "2030-09-11",
        shipFor: "2030-09-11",
        orderOn: "2030-08-28",
        state: "skipped",
        filters: ["Composite pre-filter (PP + carbon)"],
      },
      {
        serial: `RO6-CONSOLE-2-${RUN}`,
        dueOn: "2030-09-12",
        shipFor: "2030-10-12",
        orderOn: "2030-09-28",
        state: "postponed",
        filters: ["Composite pre-filter (PP + carbon)"],
      },
    ]);
    expect(mine(schedule.ordered)).toMatchObject([
      { serial: `RO6-CONSOLE-4-${RUN}`, dueOn: "2030-08-20", state: "ordered", orderStatus: "paid", customerEmail: ordered.email },
    ]);
    await expect(operatorFilterSchedule({ ...operatorRow, role: "customer" })).rejects.toMatchObject({ code: 403 });
  });

  it("forecasts a member's filters only while the benefits last, a queued plan, a renewal and a retried one carrying them on", async () => {
    // On 2026-11-27 a purifier installed 2026-01-20 has its pre-filter overdue (ordered at once, week 0)
    // and its post-carbon ordered 2027-01-06 (week 5). The fleet of the suite's other tests is in the
    // forecast too, so what counts is what these purifiers add.
    const now = noon("2026-11-27");
    const running = { startsAt: new Date("2026-10-20T18:00:00Z"), endsAt: new Date("2026-12-20T18:00:00Z") };
    const queued = { startsAt: running.endsAt, endsAt: new Date("2027-01-20T18:00:00Z") };
    const plans: Record<string, (Partial<MembershipRow> & Pick<MembershipRow, "startsAt" | "endsAt">)[]> = {
      // Ends in week 3 without renewing: the week-0 order counts, the week-5 one is never made.
      ending: [running],
      renewing: [{ ...running, autoRenew: true }],
      // The renewal failed and is retried: still a member, for as long as it is.
      pastDue: [
        { startsAt: new Date("2026-10-20T18:00:00Z"), endsAt: new Date("2026-11-20T18:00:00Z"), status: "past_due", autoRenew: true },
      ],
      // Paid and queued to start when the running one ends, to 2027-01-20: past the order on 2027-01-06.
      queued: [running, queued],
      lapsed: [{ startsAt: new Date("2026-09-20T18:00:00Z"), endsAt: new Date("2026-10-20T18:00:00Z"), status: "expired" }],
    };
    const before = await filterDemandForecast(handle().db, now);
    const written = { plans: [] as string[], purifiers: [] as string[] };
    for (const rows of Object.values(plans)) {
      const who = await customer();
      for (const row of rows) {
        const [plan] = await handle()
          .db.insert(memberships)
          .values({ userId: who.id, kind: "membership", sku: "LW-MEM-M", ...row })
          .returning({ id: memberships.id });
        if (plan) written.plans.push(plan.id);
      }
      written.purifiers.push(await purifier(who.id, "2026-01-20"));
    }
    const after = await filterDemandForecast(handle().db, now).finally(async () => {
      // A renewing plan left in PostgreSQL's database would be charged by another suite's renewal job.
      await handle().db.delete(memberships).where(inArray(memberships.id, written.plans));
      await handle().db.delete(purifiers).where(inArray(purifiers.id, written.purifiers));
    });

    const added = (sku: string) => {
      const was = before.skus.find((entry) => entry.sku === sku)?.weekly ?? [];
      return (after.skus.find((entry) => entry.sku === sku)?.weekly ?? []).map((count, week) => count - (was[week] ?? 0));
    };
    const weeks = (entries: Record<number, number>) => Array.from({ length: 12 }, (_, index) => entries[index] ?? 0);
    expect(after.memberPurifiers - before.memberPurifiers).toBe(4);
    expect(added("LW-F1-PP")).toEqual(weeks({ 0: 4 }));
    expect(added("LW-F3-PC")).toEqual(weeks({ 5: 3 }));
  });
});
