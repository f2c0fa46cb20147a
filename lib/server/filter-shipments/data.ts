import "server-only";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { filterChanges, filterShipments, memberships, orders, products, purifiers, users, type PurifierRow } from "@/lib/db/schema";
import type { FilterChangeRecord, FilterStageSpec } from "@/lib/rules/filter-stages";
import { memberBenefitsAt } from "@/lib/server/memberships/member-rule";
import type { ShipmentRecord } from "./plan";

// What the filter schedule reads: the catalogue's filter stages, the purifiers with their changes
// and shipment decisions, and who is a member at a given instant.

/** The stages and lives of the catalogue's filters (products with a filter stage). */
export async function filterStageSpecs(db: DbExecutor): Promise<FilterStageSpec[]> {
  const rows = await db
    .select({ stage: products.filterStage, sku: products.sku, name: products.name, lifeMonths: products.filterLifeMonths })
    .from(products)
    .where(and(isNotNull(products.filterStage), isNotNull(products.filterLifeMonths)))
    .orderBy(asc(products.filterStage));
  return rows.flatMap((row) =>
    row.stage !== null && row.lifeMonths !== null ? [{ ...row, stage: row.stage, lifeMonths: row.lifeMonths }] : [],
  );
}

export interface ScheduledPurifier {
  purifier: PurifierRow;
  email: string;
  name: string | null;
  changes: FilterChangeRecord[];
  records: (ShipmentRecord & { id: string })[];
}

/**
 * Purifiers (all, or one owner's, or some by id) with their changes and shipment rows. A shipment
 * whose order was cancelled counts as skipped: nobody is sending that cartridge, and the stage's
 * schedule must go on rather than wait for an order that will never be delivered.
 */
export async function loadScheduledPurifiers(
  db: DbExecutor,
  where: { userId?: string; purifierIds?: readonly string[] } = {},
): Promise<ScheduledPurifier[]> {
  const rows = await db
    .select({ purifier: purifiers, email: users.email, name: users.username })
    .from(purifiers)
    .innerJoin(users, eq(users.id, purifiers.userId))
    .where(
      and(
        where.userId ? eq(purifiers.userId, where.userId) : undefined,
        where.purifierIds ? inArray(purifiers.id, [...where.purifierIds]) : undefined,
      ),
    )
    .orderBy(asc(purifiers.createdAt), asc(purifiers.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.purifier.id);
  const changes = await db
    .select({ purifierId: filterChanges.purifierId, stage: filterChanges.stage, changedOn: filterChanges.changedOn })
    .from(filterChanges)
    .where(inArray(filterChanges.purifierId, ids));
  const shipments = await db
    .select({ shipment: filterShipments, orderStatus: orders.status })
    .from(filterShipments)
    .leftJoin(orders, eq(orders.id, filterShipments.orderId))
    .where(inArray(filterShipments.purifierId, ids));
  return rows.map((row) => ({
    purifier: row.purifier,
    email: row.email,
    name: row.name,
    changes: changes.filter((change) => change.purifierId === row.purifier.id),
    records: shipments
      .filter(({ shipment }) => shipment.purifierId === row.purifier.id)
      .map(({ shipment, orderStatus }) => ({
        id: shipment.id,
        dueOn: shipment.dueOn,
        stages: shipment.stages,
        status: shipment.status === "ordered" && orderStatus === "cancelled" ? "skipped" : shipment.status,
        postponedTo: shipment.postponedTo,
        orderId: shipment.orderId,
      })),
  }));
}

/** Which of `userIds` have the member's benefits at `now`, by the memberships' one rule. */
export async function activeMembers(db: DbExecutor, userIds: readonly string[], now: Date): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .where(and(inArray(memberships.userId, [...new Set(userIds)]), memberBenefitsAt(now)));
  return new Set(rows.map((row) => row.userId));
}
