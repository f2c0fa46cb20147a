import "server-only";
import { addDays, daysBetween } from "@/lib/rules/calendar-day";
import type { FilterChangeRecord, FilterStageSpec } from "@/lib/rules/filter-stages";
import { sql } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { filterShipments } from "@/lib/db/schema";
import { filterStageSpecs, productsBySku } from "@/lib/server/catalog/lookups";
import { memberBenefitsUntil } from "@/lib/server/memberships/member-rule";
import { cancelledOrders } from "@/lib/server/orders/lookups";
import { everyFilterChange, findPurifiers } from "@/lib/server/purifiers/lookups";
import { storeDate } from "@/lib/server/shipping/dates";
import { plannedShipments, type ShipmentRecord } from "./plan";

// Filter demand ahead: the shipments the filter job will make in the coming weeks, per cartridge,
// against the stock on the shelf. The same schedule the job follows (plan.ts), run forward: a member's
// purifier makes one shipment per due date, ordered (and its stock taken) the lead time before it, or
// before the date the member postponed it to. A shipment already ordered has taken its stock, and a
// skipped one never will, so neither counts; one whose order day has passed is made at the job's next
// run, so it counts in the first week. Non-members' purifiers get a reminder, not a shipment: they
// are not in the shop's demand. The job ships only while the owner has the member's benefits, so a
// member whose plan does not renew counts up to the last day of the periods paid for (a plan queued
// after the running one included), judged by the shipment's order day, when the job would make it.
// Each stage's life is 6 months or more, so a stage ships at most once in a horizon of 12 weeks.

/** How many weeks the console looks ahead. */
export const FORECAST_WEEKS = 12;

export interface ForecastPurifier {
  installedOn: string;
  changes: readonly FilterChangeRecord[];
  records: readonly ShipmentRecord[];
  /**
   * Its owner's member's benefits (filters on schedule): null when they have none now, else the last
   * shop day they keep them, `until: null` when no end is known (a plan renews, or its renewal is retried).
   */
  member: { until: string | null } | null;
}

export interface ForecastWeek {
  /** First and last shop day of the week, counted from today. */
  from: string;
  to: string;
}

export interface ForecastSku {
  sku: string;
  name: string;
  stage: number;
  stock: number;
  /** Cartridges the shipments ordered in each week take. */
  weekly: number[];
  total: number;
  /** The first week (0-based) whose shipments the stock no longer covers; null when it lasts. */
  runsOutWeek: number | null;
  /** How many to order to cover the whole horizon: what it needs beyond the stock. */
  reorder: number;
}

export interface FilterForecast {
  today: string;
  weeks: ForecastWeek[];
  skus: ForecastSku[];
  /** Purifiers whose owner is a member now (one whose benefits end counts only until then). */
  memberPurifiers: number;
}

export function forecastFilterDemand(
  specs: readonly FilterStageSpec[],
  stock: ReadonlyMap<string, number>,
  fleet: readonly ForecastPurifier[],
  today: string,
  weeks = FORECAST_WEEKS,
): FilterForecast {
  const ordered = [...specs].sort((a, b) => a.stage - b.stage);
  const weekly = new Map(ordered.map((spec) => [spec.sku, Array.from({ length: weeks }, () => 0)]));
  // Purifiers installed the same day with nothing recorded since have the same schedule: it is
  // worked out once per distinct history (a fleet of 5,000 has a few hundred), not once per purifier.
  const due = new Map<string, { sku: string; week: number; orderOn: string }[]>();
  const dueOf = (purifier: ForecastPurifier) => {
    const key = JSON.stringify([purifier.installedOn, purifier.changes, purifier.records]);
    const known = due.get(key);
    if (known) return known;
    const found = plannedShipments(specs, purifier.installedOn, purifier.changes, purifier.records, today)
      .filter((shipment) => !shipment.record || shipment.record.status === "postponed")
      .flatMap((shipment) => {
        const week = Math.max(0, Math.floor(daysBetween(today, shipment.orderOn) / 7));
        return week < weeks ? shipment.stages.map((stage) => ({ sku: stage.sku, week, orderOn: shipment.orderOn })) : [];
      });
    due.set(key, found);
    return found;
  };
  let memberPurifiers = 0;
  for (const purifier of fleet) {
    if (!purifier.member) continue;
    memberPurifiers += 1;
    const until = purifier.member.until;
    for (const { sku, week, orderOn } of dueOf(purifier)) {
      if (until !== null && orderOn > until) continue;
      const counts = weekly.get(sku);
      if (counts) counts[week] = (counts[week] ?? 0) + 1;
    }
  }
  return {
    today,
    weeks: Array.from({ length: weeks }, (_, index) => ({ from: addDays(today, index * 7), to: addDays(today, index * 7 + 6) })),
    memberPurifiers,
    skus: ordered.map((spec) => {
      const counts = weekly.get(spec.sku) ?? [];
      const onHand = stock.get(spec.sku) ?? 0;
      let needed = 0;
      let runsOutWeek: number | null = null;
      counts.forEach((count, index) => {
        needed += count;
        if (runsOutWeek === null && needed > onHand) runsOutWeek = index;
      });
      return {
        sku: spec.sku,
        name: spec.name,
        stage: spec.stage,
        stock: onHand,
        weekly: counts,
        total: needed,
        runsOutWeek,
        reorder: Math.max(0, needed - onHand),
      };
    }),
  };
}

/**
 * The forecast from the database at `now`: every purifier on the schedule, its changes and shipment
 * decisions, who is a member and until when, the stock. Whole tables read once each and grouped
 * here, not looked up by lists of ids: the fleet is every purifier the shop knows (a shipment whose
 * order was cancelled counts as skipped, as in data.ts).
 */
export async function filterDemandForecast(db: DbExecutor, now: Date, weeks = FORECAST_WEEKS): Promise<FilterForecast> {
  const today = storeDate(now);
  const specs = await filterStageSpecs(db);
  const [owned, changes, shipped, memberUntil, products] = await Promise.all([
    findPurifiers(db),
    everyFilterChange(db),
    db
      .select({
        purifierId: filterShipments.purifierId,
        dueOn: filterShipments.dueOn,
        stages: filterShipments.stages,
        status: filterShipments.status,
        postponedTo: filterShipments.postponedTo,
        orderId: filterShipments.orderId,
        orderCancelled: sql<boolean>`coalesce(${filterShipments.orderId} in (${cancelledOrders(db)}), false)`,
      })
      .from(filterShipments),
    memberBenefitsUntil(db, now),
    productsBySku(
      db,
      specs.map((spec) => spec.sku),
    ),
  ]);
  const changesOf = new Map<string, FilterChangeRecord[]>();
  for (const change of changes) changesOf.set(change.purifierId, [...(changesOf.get(change.purifierId) ?? []), change]);
  const recordsOf = new Map<string, ShipmentRecord[]>();
  for (const { purifierId, orderCancelled, ...record } of shipped) {
    const status = record.status === "ordered" && orderCancelled ? "skipped" : record.status;
    recordsOf.set(purifierId, [...(recordsOf.get(purifierId) ?? []), { ...record, status }]);
  }
  const stock = new Map([...products].map(([sku, product]) => [sku, product.stock]));
  const fleet = owned.map((purifier) => ({
    installedOn: purifier.installedOn,
    changes: changesOf.get(purifier.id) ?? [],
    records: recordsOf.get(purifier.id) ?? [],
    member: memberUntil.has(purifier.userId) ? { until: memberUntil.get(purifier.userId) ?? null } : null,
  }));
  return forecastFilterDemand(specs, stock, fleet, today, weeks);
}
