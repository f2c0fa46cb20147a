import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { shipsToCustomer } from "@/lib/config/catalog";
import { afterSaleRequests, type AfterSaleRow } from "@/lib/db/schema";
import type { AfterSale, AfterSaleListQuery, ApplyAfterSaleBody, SubmitTrackingBody } from "@/lib/schemas/after-sale";
import { AppError } from "@/lib/server/base/errors";
import { withProducts } from "@/lib/server/catalog/lookups";
import { afterSaleReceivedMail } from "@/lib/server/mail/templates/after-sale";
import { coveringCarePlan } from "@/lib/server/memberships";
import { canApplyAfterSale, customerActor } from "@/lib/server/orders";
import { lockedOrder, orderLine } from "@/lib/server/orders/lookups";
import { afterSaleClaimed } from "./claims";
import { ownPurifier } from "@/lib/server/purifiers";
import { inTransaction } from "@/lib/server/transaction";
import { AFTER_SALE_MESSAGES } from "./messages";
import { lineRefundCents, mailCustomer, recordAfterSaleEvent } from "./shared";
import { canCancelAfterSale, canSubmitTracking, moveAfterSale } from "./status";
import { toAfterSaleView, toAfterSaleViews } from "./view";

// A customer's own after-sale requests. Every lookup is by (request id, customer): another
// customer's request is answered exactly like one that does not exist.

function notFound(): AppError {
  return new AppError(404, AFTER_SALE_MESSAGES.notFound);
}

async function lockOwnRequest(tx: DbExecutor, userId: string, afterSaleId: string): Promise<AfterSaleRow> {
  const [row] = await tx
    .select()
    .from(afterSaleRequests)
    .where(and(eq(afterSaleRequests.id, afterSaleId), eq(afterSaleRequests.userId, userId)))
    .for("update");
  if (!row) throw notFound();
  return row;
}

/**
 * The purifier a repair is for, and the Lenwell Care plan covering it at the moment of the request:
 * that plan is recorded on the request, so a plan ending tomorrow still covers today's repair. A
 * purifier bought here is repaired as a unit of its order's line; one bought elsewhere has no order of
 * ours, so its repair under Lenwell Care is filed against the line of the order that bought the plan
 * (`underPlan`).
 */
async function repairCoverage(
  tx: DbExecutor,
  userId: string,
  body: ApplyAfterSaleBody,
  now: Date,
): Promise<{ purifierId: string; carePlanId: string | null; underPlan: boolean }> {
  const purifierId = body.purifierId ?? "";
  if (body.type !== "repair") {
    throw new AppError(422, AFTER_SALE_MESSAGES.purifierOnlyForRepair, [
      { path: "purifierId", message: AFTER_SALE_MESSAGES.purifierOnlyForRepair },
    ]);
  }
  const purifier = await ownPurifier(tx, userId, purifierId);
  if (!purifier)
    throw new AppError(404, AFTER_SALE_MESSAGES.purifierNotFound, [{ path: "purifierId", message: AFTER_SALE_MESSAGES.purifierNotFound }]);
  const plan = await coveringCarePlan(tx, purifier.id, now);
  const boughtHere = purifier.orderId === body.orderId && purifier.sku === body.skuNum;
  const underPlan = purifier.orderId === null && plan !== null && plan.orderId === body.orderId && plan.sku === body.skuNum;
  if (!boughtHere && !underPlan) {
    throw new AppError(422, AFTER_SALE_MESSAGES.purifierNotInOrder, [
      { path: "purifierId", message: AFTER_SALE_MESSAGES.purifierNotInOrder },
    ]);
  }
  return { purifierId: purifier.id, carePlanId: plan?.id ?? null, underPlan };
}

/**
 * Opens a request for one line of the customer's shipped or delivered order. The order row is
 * locked first, so two requests for the last unit at once are counted one after the other and only
 * one passes.
 */
export async function applyAfterSale(userId: string, body: ApplyAfterSaleBody, now: Date = new Date()): Promise<{ afterSaleId: string }> {
  return inTransaction(async (tx) => {
    const order = await lockedOrder(tx, body.orderId, userId);
    if (!order) throw new AppError(404, AFTER_SALE_MESSAGES.orderNotFound);
    const coverage = body.purifierId ? await repairCoverage(tx, userId, body, now) : null;
    // A plan has nothing to ship, so its paid order never becomes "delivered"; its running plan is what counts.
    if (!canApplyAfterSale(order.status) && !coverage?.underPlan) throw new AppError(409, AFTER_SALE_MESSAGES.orderNotEligible);
    const ordered = await orderLine(tx, order.id, body.skuNum);
    const [line] = ordered ? await withProducts(tx, [ordered]) : [];
    if (!line) throw new AppError(422, AFTER_SALE_MESSAGES.itemNotInOrder);
    // A plan or a service is never sent back or refunded like goods: its money follows its own rule
    // (cancelling the plan). Only a repair under the care plan is filed against a plan's line.
    const { category } = line.product;
    if (!shipsToCustomer(category) && !(body.type === "repair" && coverage?.underPlan)) {
      throw new AppError(422, AFTER_SALE_MESSAGES.planNotReturnable(category === "repair" ? "service" : "plan"), [
        { path: "skuNum", message: AFTER_SALE_MESSAGES.planNotReturnable(category === "repair" ? "service" : "plan") },
      ]);
    }
    const remaining = Math.max(0, line.quantity - ((await afterSaleClaimed(tx, order.id)).get(line.sku) ?? 0));
    if (body.quantity > remaining) throw new AppError(409, AFTER_SALE_MESSAGES.tooMany(remaining));

    const [row] = await tx
      .insert(afterSaleRequests)
      .values({
        orderId: order.id,
        userId,
        sku: line.sku,
        name: line.name,
        image: line.images[0] ?? null,
        quantity: body.quantity,
        type: body.type,
        reason: body.reason,
        description: body.description,
        refundCents: lineRefundCents(order, line.unitPriceCents, body.quantity, shipsToCustomer(category)),
        purifierId: coverage?.purifierId ?? null,
        carePlanId: coverage?.carePlanId ?? null,
      })
      .returning();
    if (!row) throw new Error("The after-sale request was not stored");
    await recordAfterSaleEvent(tx, row.id, "pending_review", customerActor(userId));
    await mailCustomer(tx, row, (to, facts) => afterSaleReceivedMail(to, facts));
    return { afterSaleId: row.id };
  });
}

/** Newest first, `pageSize` per page, optionally one status. */
export async function listAfterSales(userId: string, query: AfterSaleListQuery): Promise<{ list: AfterSale[]; total: number }> {
  const db = await getDb();
  const where = and(eq(afterSaleRequests.userId, userId), query.status ? eq(afterSaleRequests.status, query.status) : undefined);
  const [counted] = await db.select({ total: count() }).from(afterSaleRequests).where(where);
  const rows = await db
    .select()
    .from(afterSaleRequests)
    .where(where)
    .orderBy(desc(afterSaleRequests.createdAt), desc(afterSaleRequests.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { list: await toAfterSaleViews(db, rows), total: counted?.total ?? 0 };
}

export async function getAfterSaleForCustomer(userId: string, afterSaleId: string): Promise<AfterSale> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(afterSaleRequests)
    .where(and(eq(afterSaleRequests.id, afterSaleId), eq(afterSaleRequests.userId, userId)));
  if (!row) throw notFound();
  return toAfterSaleView(db, row);
}

/** approved → returning: the customer has sent the goods and says how. */
export async function submitAfterSaleTracking(userId: string, body: SubmitTrackingBody): Promise<AfterSale> {
  return inTransaction(async (tx) => {
    const row = await lockOwnRequest(tx, userId, body.afterSaleId);
    if (!canSubmitTracking(row.status)) throw new AppError(409, AFTER_SALE_MESSAGES.notApproved);
    const updated = await moveAfterSale(tx, row.id, "returning", { carrier: body.carrier, trackNumber: body.trackNumber });
    await recordAfterSaleEvent(tx, row.id, "returning", customerActor(userId), `${body.carrier} ${body.trackNumber}`);
    return toAfterSaleView(tx, updated);
  });
}

/** Before the goods are received the customer may withdraw the request; its quantity is free again. */
export async function cancelAfterSale(userId: string, afterSaleId: string): Promise<AfterSale> {
  return inTransaction(async (tx) => {
    const row = await lockOwnRequest(tx, userId, afterSaleId);
    if (!canCancelAfterSale(row.status)) throw new AppError(409, AFTER_SALE_MESSAGES.notCancellable(row.status));
    const updated = await moveAfterSale(tx, row.id, "cancelled");
    await recordAfterSaleEvent(tx, row.id, "cancelled", customerActor(userId));
    return toAfterSaleView(tx, updated);
  });
}
