import "server-only";
import { asc, inArray } from "drizzle-orm";
import { REPAIR_DIAGNOSIS_SKU } from "@/lib/config/catalog";
import type { DbExecutor } from "@/lib/db/client";
import { afterSaleEvents, type AfterSaleRow } from "@/lib/db/schema";
import { centsToAmount } from "@/lib/rules/money";
import type { AfterSale } from "@/lib/schemas/after-sale";
import { findProduct } from "@/lib/server/catalog/lookups";
import { plansById } from "@/lib/server/memberships/plan-rows";
import { findPurifiers } from "@/lib/server/purifiers/lookups";
import { storeDate } from "@/lib/server/shipping/dates";
import { canCancelAfterSale, canSubmitTracking } from "./status";

// The AfterSale JSON from the stored rows. What the customer may do next is computed here once, so
// the pages and the services agree.

function coverageOf(row: AfterSaleRow, plans: readonly { id: string; endsAt: Date }[]): AfterSale["coveredByCare"] {
  const plan = row.carePlanId ? plans.find((candidate) => candidate.id === row.carePlanId) : undefined;
  return plan ? { carePlanId: plan.id, endsOn: storeDate(plan.endsAt) } : null;
}

export async function toAfterSaleViews(db: DbExecutor, rows: AfterSaleRow[]): Promise<AfterSale[]> {
  if (rows.length === 0) return [];
  const events = await db
    .select()
    .from(afterSaleEvents)
    .where(
      inArray(
        afterSaleEvents.afterSaleId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(afterSaleEvents.createdAt), asc(afterSaleEvents.id));
  const purifierIds = rows.flatMap((row) => (row.purifierId ? [row.purifierId] : []));
  const planIds = rows.flatMap((row) => (row.carePlanId ? [row.carePlanId] : []));
  // One after another: inside a transaction the queries share one connection.
  const units = purifierIds.length > 0 ? await findPurifiers(db, { purifierIds }) : [];
  const plans = await plansById(db, planIds);
  const diagnosis = rows.some((row) => row.type === "repair" && !row.carePlanId) ? await findProduct(db, REPAIR_DIAGNOSIS_SKU) : undefined;
  const diagnosisCents = diagnosis?.discountPriceCents;
  return rows.map((row) => ({
    afterSaleId: row.id,
    orderId: row.orderId,
    skuNum: row.sku,
    name: row.name,
    image: row.image,
    quantity: row.quantity,
    type: row.type,
    reason: row.reason,
    description: row.description,
    status: row.status,
    refundAmount: centsToAmount(row.refundCents),
    refunded: centsToAmount(row.refundedCents),
    returnAddress: row.returnAddress,
    rejectReason: row.rejectReason,
    carrier: row.carrier,
    trackNumber: row.trackNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    timeline: events
      .filter((event) => event.afterSaleId === row.id)
      .map((event) => ({ type: event.type, actor: event.actor, note: event.note, at: event.createdAt.toISOString() })),
    purifier: row.purifierId
      ? { purifierId: row.purifierId, serial: units.find((unit) => unit.id === row.purifierId)?.serial ?? null }
      : null,
    coveredByCare: coverageOf(row, plans),
    diagnosisFee: row.type === "repair" && !row.carePlanId && diagnosisCents !== undefined ? centsToAmount(diagnosisCents) : null,
    canCancel: canCancelAfterSale(row.status),
    canSubmitTracking: canSubmitTracking(row.status),
  }));
}

export async function toAfterSaleView(db: DbExecutor, row: AfterSaleRow): Promise<AfterSale> {
  const [view] = await toAfterSaleViews(db, [row]);
  if (!view) throw new Error("An after-sale row without its view");
  return view;
}
