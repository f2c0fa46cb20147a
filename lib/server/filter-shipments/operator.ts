import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { FILTER_SCHEDULE } from "@/lib/config/filter-shipments";
import { addDays } from "@/lib/rules/calendar-day";
import { getDb, type DbExecutor } from "@/lib/db/client";
import { filterShipments, type FilterShipmentStatus, type OrderStatus } from "@/lib/db/schema";
import type { UserRow } from "@/lib/db/schema";
import { assertOperator } from "@/lib/server/auth/roles";
import { usersById } from "@/lib/server/auth/users";
import { filterStageSpecs, productsOfFilterStages } from "@/lib/server/catalog/lookups";
import { activeMembers } from "@/lib/server/memberships/member-rule";
import { ordersById, ordersPaidSince } from "@/lib/server/orders/lookups";
import { findPurifiers } from "@/lib/server/purifiers/lookups";
import { storeDate } from "@/lib/server/shipping/dates";
import { loadScheduledPurifiers } from "./data";
import { orderDay, plannedShipments } from "./plan";

// The operator's "Upcoming filter shipments": what the job will order in the coming weeks for
// members' purifiers (with the members' skips and postponements), and the filter orders it made.

export type OperatorShipmentState = "scheduled" | FilterShipmentStatus;

export interface OperatorFilterShipment {
  purifierId: string;
  serial: string | null;
  customerEmail: string;
  filters: string[];
  dueOn: string;
  /** The postponed date, when postponed. */
  shipFor: string;
  orderOn: string;
  state: OperatorShipmentState;
  orderId: string | null;
  orderStatus: OrderStatus | null;
}

export interface OperatorFilterSchedule {
  today: string;
  until: string;
  upcoming: OperatorFilterShipment[];
  ordered: OperatorFilterShipment[];
}

function byOrderDay(a: OperatorFilterShipment, b: OperatorFilterShipment): number {
  return a.orderOn < b.orderOn ? -1 : a.orderOn > b.orderOn ? 1 : a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0;
}

/** The filter orders paid since `since`, newest first, with their purifier's serial and owner. */
async function orderedShipmentsSince(db: DbExecutor, since: Date) {
  const shipments = await db
    .select()
    .from(filterShipments)
    .where(and(eq(filterShipments.status, "ordered"), inArray(filterShipments.orderId, ordersPaidSince(db, since))));
  const orderOf = await ordersById(
    db,
    shipments.map((shipment) => shipment.orderId),
  );
  const purifierOf = new Map(
    (await findPurifiers(db, { purifierIds: shipments.map((shipment) => shipment.purifierId) })).map((purifier) => [purifier.id, purifier]),
  );
  const owners = await usersById(
    db,
    [...purifierOf.values()].map((purifier) => purifier.userId),
  );
  return shipments
    .map((shipment) => {
      const order = shipment.orderId === null ? undefined : orderOf.get(shipment.orderId);
      const purifier = purifierOf.get(shipment.purifierId);
      return {
        shipment,
        serial: purifier?.serial ?? null,
        email: (purifier && owners.get(purifier.userId)?.email) ?? "",
        orderStatus: order?.status ?? null,
        orderedAt: order?.paidAt ?? null,
      };
    })
    .sort((a, b) => (b.orderedAt?.getTime() ?? 0) - (a.orderedAt?.getTime() ?? 0));
}

/**
 * Shipments whose order day falls within `weeks` weeks (overdue ones included: the job orders them
 * on its next run), and skipped ones due in that time; then the filter orders made in the last
 * `weeks` weeks, newest first, with their status.
 */
export async function operatorFilterSchedule(
  operator: UserRow,
  now: Date = new Date(),
  weeks: number = FILTER_SCHEDULE.consoleWeeks,
): Promise<OperatorFilterSchedule> {
  assertOperator(operator);
  const db = await getDb();
  const today = storeDate(now);
  const until = addDays(today, weeks * 7);
  const specs = await filterStageSpecs(db);
  const names = new Map(specs.map((spec) => [spec.stage, spec.name]));
  const owners = await loadScheduledPurifiers(db);
  const members = await activeMembers(
    db,
    owners.map((owner) => owner.purifier.userId),
    now,
  );
  const upcoming: OperatorFilterShipment[] = [];
  for (const owner of owners) {
    if (!members.has(owner.purifier.userId)) continue;
    const base = {
      purifierId: owner.purifier.id,
      serial: owner.purifier.serial,
      customerEmail: owner.email,
      orderId: null,
      orderStatus: null,
    };
    for (const shipment of plannedShipments(specs, owner.purifier.installedOn, owner.changes, owner.records, today)) {
      if (shipment.record?.status === "ordered" || shipment.orderOn > until) continue;
      upcoming.push({
        ...base,
        filters: shipment.stages.map((stage) => stage.name),
        dueOn: shipment.dueOn,
        shipFor: shipment.shipFor,
        orderOn: shipment.orderOn,
        state: shipment.record?.status ?? "scheduled",
      });
    }
    for (const record of owner.records) {
      if (record.status !== "skipped" || record.orderId || record.dueOn < today || orderDay(record.dueOn) > until) continue;
      upcoming.push({
        ...base,
        filters: record.stages.map((stage) => names.get(stage) ?? `Stage ${stage}`),
        dueOn: record.dueOn,
        shipFor: record.dueOn,
        orderOn: orderDay(record.dueOn),
        state: "skipped",
      });
    }
  }

  const since = new Date(now.getTime() - weeks * 7 * 86_400_000);
  const rows = await orderedShipmentsSince(db, since);
  const stages = await productsOfFilterStages(db, [...new Set(rows.flatMap((row) => row.shipment.stages))]);
  for (const sku of stages) if (sku.filterStage !== null) names.set(sku.filterStage, sku.name);
  const ordered = rows.map(({ shipment, serial, email, orderStatus, orderedAt }): OperatorFilterShipment => ({
    purifierId: shipment.purifierId,
    serial,
    customerEmail: email,
    filters: shipment.stages.map((stage) => names.get(stage) ?? `Stage ${stage}`),
    dueOn: shipment.dueOn,
    shipFor: shipment.postponedTo ?? shipment.dueOn,
    orderOn: orderedAt ? storeDate(orderedAt) : orderDay(shipment.postponedTo ?? shipment.dueOn),
    state: "ordered",
    orderId: shipment.orderId,
    orderStatus,
  }));
  return { today, until, upcoming: upcoming.sort(byOrderDay), ordered };
}
