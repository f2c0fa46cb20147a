import { FILTER_SCHEDULE } from "@/lib/config/filter-shipments";
import { addDays } from "@/lib/rules/calendar-day";
import { filterStages, type FilterChangeRecord, type FilterStageSpec, type FilterStageStatus } from "@/lib/rules/filter-stages";
import type { FilterShipmentStatus } from "@/lib/db/schema";

// The filter schedule of one purifier, as pure arithmetic over what the database holds: its
// stages' due dates (lib/rules/filter-stages.ts) grouped by day, each group one shipment, ordered the
// lead time before its due date, or before the new date when the member postponed it. A shipment
// the member skipped counts, for the schedule, as a change on its due date: the member handles
// that change themselves, so the stage's next due date counts on from there, and the customer's own
// "I changed it" (a later day) still wins.

export interface ShipmentRecord {
  dueOn: string;
  stages: readonly number[];
  status: FilterShipmentStatus;
  postponedTo: string | null;
  orderId: string | null;
}

export interface PlannedShipment {
  /** The stages' due date: the shipment's key. */
  dueOn: string;
  /** Due date after a postponement (else `dueOn`). */
  shipFor: string;
  /** The shop day the order is made: the lead time before `shipFor`. */
  orderOn: string;
  stages: FilterStageStatus[];
  /** What the member or the job already decided for it (postponed, ordered), or null. */
  record: ShipmentRecord | null;
}

/** The changes the schedule counts from: the recorded ones, and each skipped shipment's due date. */
export function scheduleChanges(changes: readonly FilterChangeRecord[], records: readonly ShipmentRecord[]): FilterChangeRecord[] {
  const skipped = records
    .filter((record) => record.status === "skipped")
    .flatMap((record) => record.stages.map((stage) => ({ stage, changedOn: record.dueOn })));
  return [...changes, ...skipped];
}

/** The day a shipment for `dueOn` (postponed to `postponedTo`) is ordered. */
export function orderDay(dueOn: string, postponedTo: string | null = null): string {
  return addDays(postponedTo ?? dueOn, -FILTER_SCHEDULE.orderLeadDays);
}

/** The day "Postpone" moves a shipment due on `dueOn` to. */
export function postponedDay(dueOn: string): string {
  return addDays(dueOn, FILTER_SCHEDULE.postponeDays);
}

/**
 * The purifier's coming shipments, earliest due date first: one per due date, with every stage
 * that falls due that day (the pre-filter's yearly change and the post-carbon in one parcel).
 */
export function plannedShipments(
  specs: readonly FilterStageSpec[],
  installedOn: string,
  changes: readonly FilterChangeRecord[],
  records: readonly ShipmentRecord[],
  today: string,
): PlannedShipment[] {
  const stages = filterStages(specs, installedOn, scheduleChanges(changes, records), today);
  const byDay = new Map<string, FilterStageStatus[]>();
  for (const stage of stages) byDay.set(stage.dueOn, [...(byDay.get(stage.dueOn) ?? []), stage]);
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([dueOn, due]) => {
      const record = records.find((candidate) => candidate.dueOn === dueOn) ?? null;
      const postponedTo = record?.status === "postponed" ? record.postponedTo : null;
      return { dueOn, shipFor: postponedTo ?? dueOn, orderOn: orderDay(dueOn, postponedTo), stages: due, record };
    });
}

/** Whether the job makes this shipment's order on `today`: its order day has come and nothing was decided yet (or it was postponed). */
export function isOrderDue(shipment: PlannedShipment, today: string): boolean {
  if (shipment.record && shipment.record.status !== "postponed") return false;
  return shipment.orderOn <= today;
}
