import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb, type Transaction } from "@/lib/db/client";
import { filterShipments } from "@/lib/db/schema";
import type { FilterShipmentAction, UpcomingFilterShipments } from "@/lib/schemas/filter-shipments";
import { AppError } from "@/lib/server/base/errors";
import { storeDate } from "@/lib/server/shipping/dates";
import { inTransaction } from "@/lib/server/transaction";
import { filterStageSpecs } from "@/lib/server/catalog/lookups";
import { activeMembers } from "@/lib/server/memberships/member-rule";
import { lockOwnedPurifier } from "@/lib/server/purifiers/lookups";
import { loadScheduledPurifiers } from "./data";
import { FILTER_SHIPMENT_MESSAGES } from "./messages";
import { plannedShipments, postponedDay, type PlannedShipment } from "./plan";

// A member's view of their filter schedule: the next shipment of each purifier, and the two things
// they may do with it before its order is made: skip it (no order; they change that filter
// themselves, and the stage's next due date counts on from the skipped one) or postpone it once.

function nextShipment(planned: readonly PlannedShipment[]): PlannedShipment | null {
  return planned.find((shipment) => shipment.record?.status !== "ordered") ?? null;
}

/** The signed-in customer's next filter shipment per purifier, and whether they are a member today. */
export async function upcomingFilterShipments(userId: string, now: Date = new Date()): Promise<UpcomingFilterShipments> {
  const db = await getDb();
  const today = storeDate(now);
  const [specs, owned, members] = await Promise.all([
    filterStageSpecs(db),
    loadScheduledPurifiers(db, { userId }),
    activeMembers(db, [userId], now),
  ]);
  const shipments = owned.flatMap((owner) => {
    const next = nextShipment(plannedShipments(specs, owner.purifier.installedOn, owner.changes, owner.records, today));
    if (!next) return [];
    const postponed = next.record?.status === "postponed";
    return [
      {
        purifierId: owner.purifier.id,
        serial: owner.purifier.serial,
        dueOn: next.dueOn,
        shipFor: next.shipFor,
        orderOn: next.orderOn,
        status: postponed ? ("postponed" as const) : ("scheduled" as const),
        filters: next.stages.map((stage) => ({ stage: stage.stage, skuNum: stage.sku, name: stage.name })),
        canPostpone: !postponed,
      },
    ];
  });
  return { member: members.has(userId), shipments };
}

/** Locks the purifier (so a skip and a postpone of one shipment queue up) and answers its next shipment. */
async function lockedNextShipment(tx: Transaction, userId: string, action: FilterShipmentAction, now: Date): Promise<PlannedShipment> {
  const owned = await lockOwnedPurifier(tx, userId, action.purifierId);
  if (!owned) throw new AppError(404, FILTER_SHIPMENT_MESSAGES.purifierNotFound);
  if (!(await activeMembers(tx, [userId], now)).has(userId)) throw new AppError(409, FILTER_SHIPMENT_MESSAGES.notMember);
  const [owner] = await loadScheduledPurifiers(tx, { purifierIds: [owned.id] });
  const specs = await filterStageSpecs(tx);
  const planned = owner ? plannedShipments(specs, owner.purifier.installedOn, owner.changes, owner.records, storeDate(now)) : [];
  const wanted = planned.find((shipment) => shipment.dueOn === action.dueOn);
  if (wanted?.record?.status === "ordered") throw new AppError(409, FILTER_SHIPMENT_MESSAGES.alreadyOrdered);
  const next = nextShipment(planned);
  if (!next || next.dueOn !== action.dueOn) {
    const skipped = owner?.records.some((record) => record.dueOn === action.dueOn && record.status === "skipped");
    throw new AppError(409, skipped ? FILTER_SHIPMENT_MESSAGES.alreadySkipped : FILTER_SHIPMENT_MESSAGES.notUpcoming);
  }
  return next;
}

/**
 * Skips the purifier's next shipment. Written as the same row the job claims, so of a skip and the
 * job's order racing for one shipment exactly one wins: the order (then the skip is refused) or the
 * skip (then no order is made).
 */
export async function skipFilterShipment(
  userId: string,
  action: FilterShipmentAction,
  now: Date = new Date(),
): Promise<UpcomingFilterShipments> {
  await inTransaction(async (tx) => {
    const next = await lockedNextShipment(tx, userId, action, now);
    const stages = next.stages.map((stage) => stage.stage);
    const [written] = await tx
      .insert(filterShipments)
      .values({ purifierId: action.purifierId, dueOn: next.dueOn, stages, status: "skipped" })
      .onConflictDoUpdate({
        target: [filterShipments.purifierId, filterShipments.dueOn],
        set: { status: "skipped", stages, postponedTo: null, updatedAt: sql`now()` },
        setWhere: eq(filterShipments.status, "postponed"),
      })
      .returning({ id: filterShipments.id });
    if (!written) throw new AppError(409, FILTER_SHIPMENT_MESSAGES.alreadyOrdered);
  });
  return upcomingFilterShipments(userId, now);
}

/** Postpones the purifier's next shipment once, by the configured number of days. */
export async function postponeFilterShipment(
  userId: string,
  action: FilterShipmentAction,
  now: Date = new Date(),
): Promise<UpcomingFilterShipments> {
  await inTransaction(async (tx) => {
    const next = await lockedNextShipment(tx, userId, action, now);
    if (next.record?.status === "postponed") throw new AppError(409, FILTER_SHIPMENT_MESSAGES.alreadyPostponed);
    const [written] = await tx
      .insert(filterShipments)
      .values({
        purifierId: action.purifierId,
        dueOn: next.dueOn,
        stages: next.stages.map((stage) => stage.stage),
        status: "postponed",
        postponedTo: postponedDay(next.dueOn),
      })
      .onConflictDoNothing()
      .returning({ id: filterShipments.id });
    if (!written) throw new AppError(409, FILTER_SHIPMENT_MESSAGES.alreadyOrdered);
  });
  return upcomingFilterShipments(userId, now);
}
