import "server-only";
import { and, between, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import { RETURN_ADDRESS } from "@/lib/config/after-sale";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { afterSaleRequests, type AfterSaleRow, type UserRow } from "@/lib/db/schema";
import { amountToCents, centsToAmount, formatUsd } from "@/lib/rules/money";
import type {
  OperatorAfterSale,
  OperatorAfterSaleListQuery,
  ApproveAfterSaleBody,
  CompleteAfterSaleBody,
  RejectAfterSaleBody,
} from "@/lib/schemas/after-sale";
import { assertOperator } from "@/lib/server/auth/roles";
import { usersMatching, withCustomers } from "@/lib/server/auth/users";
import { lockedOrder, ordersShippedToName } from "@/lib/server/orders/lookups";
import { AppError } from "@/lib/server/base/errors";
import {
  afterSaleApprovedMail,
  afterSaleCompletedMail,
  afterSaleGoodsReceivedMail,
  afterSaleRefundMail,
  afterSaleRejectedMail,
} from "@/lib/server/mail/templates/after-sale";
import { afterSaleCompletedNote, isPlanOrService, operatorActor, recordEvent, refundCapacity, requestRefund } from "@/lib/server/orders";
import { parseConsoleSearch } from "@/lib/server/base/console-search";
import { readPage } from "@/lib/server/base/paging";
import { inTransaction } from "@/lib/server/transaction";
import { moveAfterSale } from "./status";
import { AFTER_SALE_MESSAGES } from "./messages";
import { mailCustomer, recordAfterSaleEvent } from "./shared";
import { toAfterSaleViews } from "./view";

// The operator side of after-sale (docs/api.md, Operators). The role is checked here as well as by the
// route (assertOperator), so every caller gets the same rule; every step lands in after_sale_events
// with actor "admin" and the operator's user id.

function notFound(): AppError {
  return new AppError(404, AFTER_SALE_MESSAGES.notFound);
}

/**
 * The request's or its order's short number or id (customers quote either), the customer's e-mail,
 * account name or the name on the order's delivery address.
 */
function afterSaleSearchFilter(db: DbExecutor, query: string | undefined): SQL | undefined {
  const search = parseConsoleSearch(query);
  if (!search) return undefined;
  const { idRange, contains } = search;
  return or(
    idRange ? between(afterSaleRequests.id, idRange.from, idRange.to) : undefined,
    idRange ? between(afterSaleRequests.orderId, idRange.from, idRange.to) : undefined,
    contains ? inArray(afterSaleRequests.userId, usersMatching(db, contains)) : undefined,
    contains ? inArray(afterSaleRequests.orderId, ordersShippedToName(db, contains)) : undefined,
  );
}

async function operatorViews(db: DbExecutor, rows: AfterSaleRow[]): Promise<OperatorAfterSale[]> {
  return withCustomers(db, rows, await toAfterSaleViews(db, rows));
}

async function operatorView(db: DbExecutor, row: AfterSaleRow): Promise<OperatorAfterSale> {
  const [view] = await operatorViews(db, [row]);
  if (!view) throw notFound();
  return view;
}

async function lockRequest(tx: DbExecutor, afterSaleId: string): Promise<AfterSaleRow> {
  const [row] = await tx.select().from(afterSaleRequests).where(eq(afterSaleRequests.id, afterSaleId)).for("update");
  if (!row) throw notFound();
  return row;
}

/** Newest first, optionally one status; `q` is a request id, an order id or part of the customer's e-mail. */
export async function operatorListAfterSales(
  user: UserRow,
  query: OperatorAfterSaleListQuery,
): Promise<{ list: OperatorAfterSale[]; total: number }> {
  assertOperator(user);
  const db = await getDb();
  const where = and(query.status ? eq(afterSaleRequests.status, query.status) : undefined, afterSaleSearchFilter(db, query.q));
  const matching = db.select({ request: afterSaleRequests }).from(afterSaleRequests);
  const order = [desc(afterSaleRequests.createdAt), desc(afterSaleRequests.id)];
  const { rows, total } = await readPage(db, query, matching.where(where).$dynamic(), order);
  return {
    list: await operatorViews(
      db,
      rows.map((row) => row.request),
    ),
    total,
  };
}

export async function operatorGetAfterSale(user: UserRow, afterSaleId: string): Promise<OperatorAfterSale> {
  assertOperator(user);
  const db = await getDb();
  const [row] = await db.select().from(afterSaleRequests).where(eq(afterSaleRequests.id, afterSaleId));
  if (!row) throw notFound();
  return operatorView(db, row);
}

/** pending_review → approved, with the address the goods go to (the Houston service centre by default). */
export async function approveAfterSale(user: UserRow, body: ApproveAfterSaleBody): Promise<OperatorAfterSale> {
  assertOperator(user);
  const returnAddress = body.returnAddress ?? RETURN_ADDRESS;
  return inTransaction(async (tx) => {
    const locked = await lockRequest(tx, body.afterSaleId);
    if (locked.status !== "pending_review") throw new AppError(409, AFTER_SALE_MESSAGES.notPendingReview);
    const updated = await moveAfterSale(tx, locked.id, "approved", { returnAddress });
    // No note: the request page shows the return address in its own block, once.
    await recordAfterSaleEvent(tx, locked.id, "approved", operatorActor(user));
    await mailCustomer(tx, updated, (to, facts) => afterSaleApprovedMail(to, facts, returnAddress));
    return operatorView(tx, updated);
  });
}

/** pending_review → rejected, with the reason the customer is told. */
export async function rejectAfterSale(user: UserRow, body: RejectAfterSaleBody): Promise<OperatorAfterSale> {
  assertOperator(user);
  return inTransaction(async (tx) => {
    const locked = await lockRequest(tx, body.afterSaleId);
    if (locked.status !== "pending_review") throw new AppError(409, AFTER_SALE_MESSAGES.notPendingReview);
    const updated = await moveAfterSale(tx, locked.id, "rejected", { rejectReason: body.reason });
    await recordAfterSaleEvent(tx, locked.id, "rejected", operatorActor(user), body.reason);
    await mailCustomer(tx, updated, (to, facts) => afterSaleRejectedMail(to, facts, body.reason));
    return operatorView(tx, updated);
  });
}

/** returning → received: the goods arrived at the service centre. */
export async function receiveAfterSale(user: UserRow, afterSaleId: string): Promise<OperatorAfterSale> {
  assertOperator(user);
  return inTransaction(async (tx) => {
    const locked = await lockRequest(tx, afterSaleId);
    if (locked.status !== "returning") throw new AppError(409, AFTER_SALE_MESSAGES.notReturning);
    const updated = await moveAfterSale(tx, locked.id, "received");
    await recordAfterSaleEvent(tx, locked.id, "received", operatorActor(user));
    await mailCustomer(tx, updated, (to, facts) => afterSaleGoodsReceivedMail(to, facts));
    return operatorView(tx, updated);
  });
}

/**
 * received → completed. Return and refund give back the request's refundAmount unless the operator
 * states less; exchange and repair refund nothing unless the operator states an amount (say, a repair
 * that could not be done). The refund comes out of the line's share in the refund ledger (never a
 * plan's or a service's line), is sent to the provider once the transaction commits, and lands on the
 * order (refunded amount, timeline) as well as on the request.
 */
export async function completeAfterSale(user: UserRow, body: CompleteAfterSaleBody): Promise<OperatorAfterSale> {
  assertOperator(user);
  const by = operatorActor(user);
  return inTransaction(async (tx) => {
    const locked = await lockRequest(tx, body.afterSaleId);
    if (locked.status !== "received") throw new AppError(409, AFTER_SALE_MESSAGES.notReceived);
    const refundsByDefault = locked.type === "return" || locked.type === "refund";
    const wanted = body.refundAmount === undefined ? (refundsByDefault ? locked.refundCents : 0) : amountToCents(body.refundAmount);
    if (wanted > locked.refundCents) throw new AppError(409, AFTER_SALE_MESSAGES.refundTooLarge(centsToAmount(locked.refundCents)));
    const order = await lockedOrder(tx, locked.orderId);
    if (!order) throw new AppError(404, AFTER_SALE_MESSAGES.orderNotFound);
    if (wanted > 0) {
      const line = (await refundCapacity(tx, order)).find((part) => part.sku === locked.sku);
      // A plan's or a service's money never comes back through after-sale: only through its own rule.
      if (!line || isPlanOrService(line.category))
        throw new AppError(409, AFTER_SALE_MESSAGES.planNotReturnable(line?.category === "repair" ? "service" : "plan"));
      if (wanted > line.leftCents) throw new AppError(409, AFTER_SALE_MESSAGES.nothingLeftToRefund(centsToAmount(line.leftCents)));
      // The ledger counts it on the line, the order and the charge, and puts "refunded" on the timeline.
      await requestRefund(tx, {
        orderId: order.id,
        reason: "after_sale",
        by,
        parts: [{ sku: locked.sku, cents: wanted }],
        afterSaleId: locked.id,
      });
    }
    await recordEvent(tx, order.id, "after_sale_completed", by, afterSaleCompletedNote(locked, wanted));
    const updated = await moveAfterSale(tx, locked.id, "completed", { refundedCents: wanted });
    if (wanted > 0) await recordAfterSaleEvent(tx, locked.id, "refunded", by, formatUsd(wanted));
    await recordAfterSaleEvent(tx, locked.id, "completed", by);
    if (wanted > 0) await mailCustomer(tx, updated, (to, facts) => afterSaleRefundMail(to, facts, wanted));
    await mailCustomer(tx, updated, (to, facts) => afterSaleCompletedMail(to, facts));
    return operatorView(tx, updated);
  });
}
