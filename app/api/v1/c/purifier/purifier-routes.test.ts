// @vitest-environment node
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/rules/calendar-day";
import { afterSaleRequests, cartItems, memberships, orderItems, products, purifiers } from "@/lib/db/schema";
import { operatorPurifierListSchema, purifierListSchema, purifierSchema, type Purifier } from "@/lib/schemas/purifier";
import { CARE_NEEDS_PURIFIER_MESSAGE } from "@/lib/display/purifier-display";
import { afterSaleSchema } from "@/lib/schemas/after-sale";
import { applyAfterSale, getAfterSaleForCustomer } from "@/lib/server/after-sale";
import { activatePlans, coveringCarePlan } from "@/lib/server/memberships";
import { listCareRepairLines } from "@/lib/server/after-sale/devices";
import { listPurifiers, registerDeliveredPurifiers } from "@/lib/server/purifiers";
import { storeDate } from "@/lib/server/shipping/dates";
import { inTransaction } from "@/lib/server/transaction";
import { dataOf, read } from "@/test/support/answer";
import { buyNowAs } from "@/test/support/money";
import { deliverAs, paidOrderAs, shipAs, verifiedPurifier } from "@/test/support/purifiers";
import { apiRequest, HOUSTON, makeCustomer, type Customer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { POST as checkoutRoute } from "../merchandise/cart/checkout/route";
import { POST as cartAddRoute } from "../order/cart/add/route";
import { POST as applyRoute } from "../order/afterSale/apply/route";
import { GET as afterSaleGetRoute } from "../order/afterSale/get/route";
import { POST as afterSaleCancelRoute } from "../order/afterSale/cancel/route";
import { GET as operatorListRoute } from "../../admin/purifiers/list/route";
import { GET as listRoute } from "./list/route";
import { POST as addRoute } from "./add/route";
import { PUT as editRoute } from "./edit/route";
import { POST as changeRoute } from "./filter/change/route";

const PURIFIER = "LW-RO600";
const CARE = "LW-CARE-2Y";

function serial(): string {
  return `RO-${randomBytes(5).toString("hex").toUpperCase()}`;
}

describeEachEngine("my purifiers and Lenwell Care on $name", (engine) => {
  const db = databaseForSuite(engine);

  const list = async (who: Customer) =>
    purifierListSchema.parse(
      dataOf(await read(await listRoute(apiRequest("GET", "/api/v1/c/purifier/list", undefined, { token: who.token })))),
    );
  const add = async (who: Customer, body: unknown) =>
    read<Purifier>(await addRoute(apiRequest("POST", "/api/v1/c/purifier/add", body, { token: who.token })));
  const edit = async (who: Customer, body: unknown) =>
    read<Purifier>(await editRoute(apiRequest("PUT", "/api/v1/c/purifier/edit", body, { token: who.token })));
  const change = async (who: Customer, body: unknown) =>
    read<Purifier>(await changeRoute(apiRequest("POST", "/api/v1/c/purifier/filter/change", body, { token: who.token })));
  const today = () => storeDate(new Date());

  describe("registration at delivery", () => {
    it("registers each unit once when the order is delivered, with the serials entered when shipping", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderAs(who, PURIFIER, 2);
      const first = serial();

      expect(dataOf(await shipAs(admin, orderId, [{ skuNum: PURIFIER, serials: [first.toLowerCase()] }]))).toMatchObject({
        status: "shipped",
      });
      const [line] = await db().db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(line?.serials).toEqual([first]);
      // Shipped is not delivered: nothing is registered yet.
      expect((await list(who)).list).toEqual([]);

      dataOf(await deliverAs(admin, orderId));
      const mine = await list(who);
      expect(mine.list).toHaveLength(2);
      expect(mine.list.map((unit) => unit.serial).sort()).toEqual([first, null].sort());
      for (const unit of mine.list) {
        expect(unit).toMatchObject({ source: "order", orderId, skuNum: PURIFIER, purchasedOn: today(), installedOn: today(), care: null });
        expect(unit.stages.map((stage) => [stage.skuNum, stage.lifeMonths])).toEqual([
          ["LW-F1-PP", 6],
          ["LW-F2-RO", 24],
          ["LW-F3-PC", 12],
        ]);
      }

      // Delivering again is refused, and registering the same order again adds nothing.
      expect((await deliverAs(admin, orderId)).status).toBe(409);
      const again = await inTransaction((tx) => registerDeliveredPurifiers(tx, orderId, who.id, new Date()));
      expect(again).toEqual([]);
      expect((await db().db.select().from(purifiers).where(eq(purifiers.orderId, orderId))).length).toBe(2);
    });

    it("takes the delivery day in Houston, not UTC", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderAs(who, PURIFIER);
      dataOf(await shipAs(admin, orderId));
      // 03:30 UTC on Jan 1 is still New Year's Eve in Houston.
      const [row] = await inTransaction((tx) => registerDeliveredPurifiers(tx, orderId, who.id, new Date("2027-01-01T03:30:00Z")));
      expect(row).toMatchObject({ purchasedOn: "2026-12-31", installedOn: "2026-12-31", serial: null });
    });

    it("refuses a serial the shop vouches for elsewhere, repeated, malformed or on a line that is not a purifier", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const owner = await makeCustomer(db());
      const taken = serial();
      await verifiedPurifier(owner, admin, { serial: taken, purchasedOn: "2026-01-05" });

      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderAs(who, PURIFIER, 2);
      const clash = await shipAs(admin, orderId, [{ skuNum: PURIFIER, serials: [taken] }]);
      expect(clash.status).toBe(409);
      expect(clash.body.errmsg).toBe(
        `Serial number ${taken} is already registered to a purifier. Check the label, or contact us if it is yours.`,
      );
      expect(clash.body.errors?.[0]?.path).toBe("serials.0.serials.0");
      const twice = serial();
      expect((await shipAs(admin, orderId, [{ skuNum: PURIFIER, serials: [twice, twice] }])).body.errmsg).toBe(
        `Serial number ${twice} is entered twice.`,
      );
      expect((await shipAs(admin, orderId, [{ skuNum: PURIFIER, serials: [serial(), serial(), serial()] }])).status).toBe(422);
      expect((await shipAs(admin, orderId, [{ skuNum: PURIFIER, serials: ["AB"] }])).body.errors?.[0]?.message).toBe(
        "Enter the serial number as printed on the label (6 to 32 letters, digits or hyphens).",
      );
      expect((await shipAs(admin, orderId, [{ skuNum: "LW-F1-PP", serials: [serial()] }])).status).toBe(422);
      // Every refusal left the order as it was.
      const [line] = await db().db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(line?.serials).toBeNull();

      // A serial promised to a unit on its way is the shop's record: someone else may claim it
      // (adding tells nobody whose it is), but the claim is not vouched for.
      const onItsWay = serial();
      dataOf(await shipAs(admin, orderId, [{ skuNum: PURIFIER, serials: [onItsWay] }]));
      expect(dataOf(await add(owner, { serial: onItsWay, purchasedOn: "2026-01-05" })).verification).toBe("awaiting_proof");
    });
  });

  describe("purifiers a customer adds", () => {
    it("adds one bought elsewhere, checks the dates and the serial, and lets the owner correct the installation", async () => {
      const who = await makeCustomer(db());
      const label = serial();
      const added = purifierSchema.parse(dataOf(await add(who, { serial: ` ${label.toLowerCase()} `, purchasedOn: "2026-03-01" })));
      expect(added).toMatchObject({
        serial: label,
        source: "customer",
        purchasedOn: "2026-03-01",
        installedOn: "2026-03-01",
        orderId: null,
      });

      expect(added.verification).toBe("awaiting_proof");

      // Another customer's claim of the same serial is added as any other (purifier-verification.test.ts).
      const other = await makeCustomer(db());
      expect(dataOf(await add(other, { serial: label, purchasedOn: "2026-03-01" })).verification).toBe("awaiting_proof");
      // The customer's own serial a second time is refused, in words about their own purifier.
      expect((await add(who, { serial: label, purchasedOn: "2026-03-01" })).body.errors).toEqual([
        { path: "serial", message: "This purifier is already under My purifiers." },
      ]);

      const tomorrow = addDays(today(), 1);
      const errorOf = async (body: unknown) => (await add(who, body)).body.errors?.[0];
      expect(await errorOf({ serial: serial(), purchasedOn: tomorrow })).toEqual({
        path: "purchasedOn",
        message: "The purchase date cannot be in the future.",
      });
      expect(await errorOf({ serial: serial(), purchasedOn: "2026-03-01", installedOn: "2026-02-28" })).toEqual({
        path: "installedOn",
        message: "The installation date cannot be before the purchase date.",
      });
      expect(await errorOf({ serial: serial(), purchasedOn: "2026-03-01", installedOn: tomorrow })).toMatchObject({ path: "installedOn" });
      expect(await errorOf({ purchasedOn: "2026-03-01" })).toMatchObject({ path: "serial" });
      expect(await errorOf({ serial: "bad serial!", purchasedOn: "2026-03-01" })).toMatchObject({ path: "serial" });
      expect(await errorOf({ serial: serial(), purchasedOn: "2026-02-30" })).toEqual({ path: "purchasedOn", message: "Enter a date." });
      expect((await list(who)).list.map((unit) => unit.purifierId)).toEqual([added.purifierId]);

      const moved = dataOf(await edit(who, { purifierId: added.purifierId, installedOn: "2026-03-10" }));
      expect(moved.installedOn).toBe("2026-03-10");
      expect(moved.stages[0]).toMatchObject({ lastChangedOn: "2026-03-10", dueOn: "2026-09-10" });
      expect((await edit(who, { purifierId: added.purifierId, installedOn: "2026-02-01" })).body.errors?.[0]?.path).toBe("installedOn");
      expect((await edit(who, { purifierId: added.purifierId, serial: serial() })).body.errmsg).toBe(
        "This purifier already has a serial number. Contact us to correct it.",
      );
      expect((await edit(who, { purifierId: added.purifierId })).status).toBe(422);
      // Another customer's purifier answers like one that does not exist.
      const notYours = await edit(other, { purifierId: added.purifierId, installedOn: "2026-03-11" });
      expect(notYours.status).toBe(404);
      expect(notYours.body.errmsg).toBe("This purifier does not exist.");
    });

    it("sets the serial of a purifier registered without one, once", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderAs(who, PURIFIER);
      dataOf(await shipAs(admin, orderId));
      dataOf(await deliverAs(admin, orderId));
      const [unit] = (await list(who)).list;
      expect(unit?.serial).toBeNull();
      const label = serial();
      expect(dataOf(await edit(who, { purifierId: unit?.purifierId, serial: label.toLowerCase() })).serial).toBe(label);
      expect((await list(who)).list[0]?.serial).toBe(label);
    });

    it("records a filter change, today or on a past day since the installation", async () => {
      const who = await makeCustomer(db());
      const installed = addDays(today(), -100);
      const unit = dataOf(await add(who, { serial: serial(), purchasedOn: installed }));
      expect(unit.stages[0]).toMatchObject({ stage: 1, lastChangedOn: installed });

      const changed = dataOf(await change(who, { purifierId: unit.purifierId, stage: 1 }));
      const stage = changed.stages.find((candidate) => candidate.stage === 1);
      expect(stage).toMatchObject({ lastChangedOn: today(), usedPercent: 0, daysLeft: expect.any(Number) });
      expect(changed.stages.find((candidate) => candidate.stage === 3)?.lastChangedOn).toBe(installed);

      const earlier = addDays(today(), -10);
      const onDay = dataOf(await change(who, { purifierId: unit.purifierId, stage: 3, changedOn: earlier }));
      expect(onDay.stages.find((candidate) => candidate.stage === 3)?.lastChangedOn).toBe(earlier);

      const refused = async (body: object) => (await change(who, { purifierId: unit.purifierId, ...body })).body.errors?.[0];
      expect(await refused({ stage: 1, changedOn: addDays(today(), 1) })).toEqual({
        path: "changedOn",
        message: "The change date cannot be in the future.",
      });
      expect(await refused({ stage: 1, changedOn: addDays(installed, -1) })).toEqual({
        path: "changedOn",
        message: "The change date cannot be before the purifier was installed.",
      });
      expect(await refused({ stage: 9 })).toEqual({ path: "stage", message: "This purifier has no such filter stage." });
      const stranger = await makeCustomer(db());
      expect((await change(stranger, { purifierId: unit.purifierId, stage: 1 })).status).toBe(404);
    });
  });

  describe("Lenwell Care", () => {
    it("is refused without a purifier, in the cart, at checkout and buying now", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const added = await read(
        await cartAddRoute(apiRequest("POST", "/api/v1/c/order/cart/add/", { skuNum: CARE, quantity: 1 }, { token: who.token })),
      );
      expect(added.status).toBe(409);
      expect(added.body.errmsg).toBe(CARE_NEEDS_PURIFIER_MESSAGE);
      const bought = await buyNowAs(who, CARE);
      expect(bought.status).toBe(409);
      expect(bought.body.errmsg).toBe(CARE_NEEDS_PURIFIER_MESSAGE);
      // A care plan already in the cart (put there before the rule) is refused at checkout too.
      await db().db.insert(cartItems).values({ userId: who.id, sku: CARE, quantity: 1 });
      const checkout = await read(await checkoutRoute(apiRequest("POST", "/api/v1/c/merchandise/cart/checkout", {}, { token: who.token })));
      expect(checkout.status).toBe(409);
      expect(checkout.body.errmsg).toBe(CARE_NEEDS_PURIFIER_MESSAGE);
      expect(await db().db.select().from(memberships).where(eq(memberships.userId, who.id))).toEqual([]);
    });

    it("is sold to an owner and covers the purifier it was bought for, newest uncovered first", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const older = await verifiedPurifier(who, admin, { purchasedOn: "2026-01-10" });
      const newer = await verifiedPurifier(who, admin, { purchasedOn: "2026-02-10" });
      const added = await read(
        await cartAddRoute(apiRequest("POST", "/api/v1/c/order/cart/add/", { skuNum: CARE, quantity: 1 }, { token: who.token })),
      );
      expect(added.status).toBe(200);

      await paidOrderAs(who, CARE);
      const afterFirst = await list(who);
      const newerView = afterFirst.list.find((unit) => unit.purifierId === newer.purifierId);
      expect(newerView?.care).toMatchObject({ status: "active", startsOn: today() });
      expect(afterFirst.list.find((unit) => unit.purifierId === older.purifierId)?.care).toBeNull();

      await paidOrderAs(who, CARE);
      const afterSecond = await list(who);
      expect(afterSecond.list.find((unit) => unit.purifierId === older.purifierId)?.care).toMatchObject({ status: "active" });
      const plans = await db()
        .db.select()
        .from(memberships)
        .where(and(eq(memberships.userId, who.id), eq(memberships.kind, "care")));
      expect(plans.map((plan) => plan.purifierId).sort()).toEqual([older.purifierId, newer.purifierId].sort());
    });

    it("covers two years from purchase, to the instant, across a leap day and the Houston day boundary", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const unit = await verifiedPurifier(who, await makeCustomer(db(), { role: "admin" }));
      const activateAt = async (now: Date) => {
        const { orderId } = dataOf(await buyNowAs(who, CARE));
        const [plan] = await inTransaction((tx) => activatePlans(tx, orderId, now));
        return plan;
      };

      const leap = await activateAt(new Date("2028-02-29T18:00:00Z"));
      expect(leap).toMatchObject({ purifierId: unit.purifierId, startsAt: new Date("2028-02-29T18:00:00Z") });
      expect(leap?.endsAt.toISOString()).toBe("2030-02-28T18:00:00.000Z");
      expect((await coveringCarePlan(db().db, unit.purifierId, new Date("2030-02-28T17:59:59Z")))?.id).toBe(leap?.id);
      expect(await coveringCarePlan(db().db, unit.purifierId, new Date("2030-02-28T18:00:00Z"))).toBeNull();
      expect(await coveringCarePlan(db().db, unit.purifierId, new Date("2028-02-29T17:59:59Z"))).toBeNull();
      const shown = (await listPurifiers(who.id, new Date("2029-06-01T12:00:00Z"))).list[0]?.care;
      expect(shown).toMatchObject({ status: "active", startsOn: "2028-02-29", endsOn: "2030-02-28" });

      // The only purifier is covered, so a second plan extends it from the first one's end.
      const extension = await activateAt(new Date("2029-12-31T23:30:00-06:00"));
      expect(extension?.startsAt.toISOString()).toBe("2030-02-28T18:00:00.000Z");
      expect(extension?.endsAt.toISOString()).toBe("2032-02-28T18:00:00.000Z");
      expect((await listPurifiers(who.id, new Date("2029-06-01T12:00:00Z"))).list[0]?.care?.endsOn).toBe("2032-02-28");
    });

    it("shows a plan bought late on New Year's Eve in Houston as starting that day", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const unit = await verifiedPurifier(who, await makeCustomer(db(), { role: "admin" }));
      const { orderId } = dataOf(await buyNowAs(who, CARE));
      // 23:30 on Dec 31 in Houston is 05:30 UTC on Jan 1.
      await inTransaction((tx) => activatePlans(tx, orderId, new Date("2027-01-01T05:30:00Z")));
      const care = (await listPurifiers(who.id, new Date("2027-06-30T12:00:00Z"))).list.find(
        (candidate) => candidate.purifierId === unit.purifierId,
      )?.care;
      expect(care).toMatchObject({ status: "active", startsOn: "2026-12-31", endsOn: "2028-12-31" });
    });
  });

  describe("repairs", () => {
    const repairBody = (orderId: string, purifierId?: string) => ({
      orderId,
      skuNum: PURIFIER,
      quantity: 1,
      type: "repair" as const,
      reason: "Stopped working" as const,
      description: "It no longer makes water at all.",
      ...(purifierId ? { purifierId } : {}),
    });

    it("waives the fees for a purifier covered by Lenwell Care on the request day, and states the diagnosis fee otherwise", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderAs(who, PURIFIER, 2);
      dataOf(await shipAs(admin, orderId));
      dataOf(await deliverAs(admin, orderId));
      const [covered, uncovered] = (await list(who)).list;
      if (!covered || !uncovered) throw new Error("two purifiers expected");
      await paidOrderAs(who, CARE);
      // The plan went to the most recently registered purifier; make the names match.
      const [plan] = await db()
        .db.select()
        .from(memberships)
        .where(and(eq(memberships.userId, who.id), eq(memberships.kind, "care")));
      const coveredId = plan?.purifierId ?? "";
      const uncoveredId = coveredId === covered.purifierId ? uncovered.purifierId : covered.purifierId;

      const apply = async (body: unknown) =>
        read<{ afterSaleId: string }>(await applyRoute(apiRequest("POST", "/api/v1/c/order/afterSale/apply", body, { token: who.token })));
      const getRequest = async (afterSaleId: string) =>
        afterSaleSchema.parse(
          dataOf(
            await read(
              await afterSaleGetRoute(
                apiRequest("GET", `/api/v1/c/order/afterSale/get?afterSaleId=${afterSaleId}`, undefined, { token: who.token }),
              ),
            ),
          ),
        );

      const coveredRequest = await getRequest(dataOf(await apply(repairBody(orderId, coveredId))).afterSaleId);
      expect(coveredRequest).toMatchObject({
        purifier: { purifierId: coveredId },
        coveredByCare: { carePlanId: plan?.id, endsOn: storeDate(plan?.endsAt ?? new Date()) },
        diagnosisFee: null,
      });

      const [diagnosis] = await db().db.select().from(products).where(eq(products.sku, "LW-REPAIR-DX"));
      const plainRequest = await getRequest(dataOf(await apply(repairBody(orderId, uncoveredId))).afterSaleId);
      expect(plainRequest).toMatchObject({ purifier: { purifierId: uncoveredId }, coveredByCare: null });
      expect(plainRequest.diagnosisFee).toBe(((diagnosis?.discountPriceCents ?? 0) / 100).toFixed(2));
    });

    it("records the coverage of the request day: a plan that has ended covers nothing", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderAs(who, PURIFIER);
      dataOf(await shipAs(admin, orderId));
      dataOf(await deliverAs(admin, orderId));
      const [unit] = (await list(who)).list;
      const careOrder = dataOf(await buyNowAs(who, CARE)).orderId;
      const [plan] = await inTransaction((tx) => activatePlans(tx, careOrder, new Date("2026-03-31T15:00:00Z")));
      expect(plan?.endsAt.toISOString()).toBe("2028-03-31T15:00:00.000Z");

      const onLastDay = await applyAfterSale(who.id, { ...repairBody(orderId, unit?.purifierId) }, new Date("2028-03-31T14:00:00Z"));
      expect((await getAfterSaleForCustomer(who.id, onLastDay.afterSaleId)).coveredByCare?.carePlanId).toBe(plan?.id);
      dataOf(
        await read(
          await afterSaleCancelRoute(
            apiRequest("POST", "/api/v1/c/order/afterSale/cancel", { afterSaleId: onLastDay.afterSaleId }, { token: who.token }),
          ),
        ),
      );
      const afterEnd = await applyAfterSale(who.id, { ...repairBody(orderId, unit?.purifierId) }, new Date("2028-03-31T16:00:00Z"));
      const view = await getAfterSaleForCustomer(who.id, afterEnd.afterSaleId);
      expect(view.coveredByCare).toBeNull();
      expect(view.diagnosisFee).not.toBeNull();
    });

    it("repairs a purifier bought elsewhere under its Lenwell Care plan, on the plan's order line, one open repair at a time", async () => {
      const who = await makeCustomer(db(), { address: HOUSTON });
      const elsewhere = await verifiedPurifier(who, await makeCustomer(db(), { role: "admin" }));
      const careOrder = await paidOrderAs(who, CARE);
      const [plan] = await db()
        .db.select()
        .from(memberships)
        .where(and(eq(memberships.userId, who.id), eq(memberships.kind, "care")));
      expect(plan?.purifierId).toBe(elsewhere.purifierId);
      // Added after the plan was bought: on no plan, and bought elsewhere, so no order line of ours.
      const uncovered = dataOf(await add(who, { serial: serial(), purchasedOn: "2026-01-10" }));

      // The repair page's choice: the plan's order line, for the covered purifier only.
      const lines = await listCareRepairLines(who.id);
      expect(lines.map((line) => [line.orderId, line.skuNum, line.remaining, line.purifier.purifierId])).toEqual([
        [careOrder, CARE, 1, elsewhere.purifierId],
      ]);

      const apply = async (purifierId: string) =>
        read<{ afterSaleId: string }>(
          await applyRoute(
            apiRequest(
              "POST",
              "/api/v1/c/order/afterSale/apply",
              { ...repairBody(careOrder, purifierId), skuNum: CARE },
              { token: who.token },
            ),
          ),
        );
      const first = dataOf(await apply(elsewhere.purifierId));
      const view = await getAfterSaleForCustomer(who.id, first.afterSaleId);
      expect(view).toMatchObject({
        purifier: { purifierId: elsewhere.purifierId },
        coveredByCare: { carePlanId: plan?.id },
        diagnosisFee: null,
      });

      // While that request is open, the plan's line has nothing left to ask for.
      expect((await apply(elsewhere.purifierId)).status).toBe(409);
      expect((await listCareRepairLines(who.id))[0]?.remaining).toBe(0);
      const notCovered = await apply(uncovered.purifierId);
      expect(notCovered.status).toBe(422);
      expect(notCovered.body.errors).toEqual([{ path: "purifierId", message: "Choose one of the purifiers of this order." }]);

      // A finished repair hands the unit back: the next fault is a new request.
      await db().db.update(afterSaleRequests).set({ status: "completed" }).where(eq(afterSaleRequests.id, first.afterSaleId));
      expect((await listCareRepairLines(who.id))[0]?.remaining).toBe(1);
      expect((await apply(elsewhere.purifierId)).status).toBe(200);
    });

    it("refuses a purifier that is not the customer's, not of that order, or on a request that is not a repair", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db(), { address: HOUSTON });
      const orderId = await paidOrderAs(who, PURIFIER);
      dataOf(await shipAs(admin, orderId));
      dataOf(await deliverAs(admin, orderId));
      const [unit] = (await list(who)).list;
      const stranger = await makeCustomer(db());
      const theirs = dataOf(await add(stranger, { serial: serial(), purchasedOn: "2026-01-10" }));
      const apply = async (body: unknown) =>
        read(await applyRoute(apiRequest("POST", "/api/v1/c/order/afterSale/apply", body, { token: who.token })));
      const notMine = await apply(repairBody(orderId, theirs.purifierId));
      expect(notMine.status).toBe(404);
      expect(notMine.body.errmsg).toBe("Choose one of your purifiers.");
      const ownElsewhere = dataOf(await add(who, { serial: serial(), purchasedOn: "2026-01-10" }));
      const otherUnit = await apply(repairBody(orderId, ownElsewhere.purifierId));
      expect(otherUnit.status).toBe(422);
      expect(otherUnit.body.errors).toEqual([{ path: "purifierId", message: "Choose one of the purifiers of this order." }]);
      const notRepair = await apply({ ...repairBody(orderId, unit?.purifierId), type: "return", reason: "No longer needed" });
      expect(notRepair.status).toBe(422);
      expect(notRepair.body.errors?.[0]?.path).toBe("purifierId");
    });
  });

  describe("the console", () => {
    it("finds a purifier by part of its serial with its owner, stages and care, for operators only", async () => {
      const admin = await makeCustomer(db(), { role: "admin" });
      const who = await makeCustomer(db());
      const label = serial();
      dataOf(await add(who, { serial: label, purchasedOn: "2026-01-10" }));
      const search = async (token: string, query: string) =>
        read(await operatorListRoute(apiRequest("GET", `/api/v1/admin/purifiers/list${query}`, undefined, { token })));

      const found = operatorPurifierListSchema.parse(dataOf(await search(admin.token, `?serial=${label.slice(3).toLowerCase()}`)));
      expect(found.total).toBe(1);
      expect(found.list[0]).toMatchObject({
        serial: label,
        source: "customer",
        purchasedOn: "2026-01-10",
        customer: { id: who.id, email: who.email },
      });
      expect(found.list[0]?.stages).toHaveLength(3);
      const recent = operatorPurifierListSchema.parse(dataOf(await search(admin.token, "?pageSize=100")));
      expect(recent.list.map((unit) => unit.serial)).toContain(label);
      expect(operatorPurifierListSchema.parse(dataOf(await search(admin.token, "?serial=%25"))).total).toBe(0);
      expect((await search(who.token, "")).status).toBe(403);
    });
  });
});
