import "server-only";
import { addDays, daysBetween } from "@/lib/rules/calendar-day";
import type { FilterChangeRecord, FilterStageSpec } from "@/lib/rules/filter-stages";
import type { DbExecutor } from "@/lib/db/client";
import { filterStageSpecs, productsBySku } from "@/lib/server/catalog/lookups";
import { activeMembers } from "@/lib/server/memberships/member-rule";
import { storeDate } from "@/lib/server/shipping/dates";
import { loadScheduledPurifiers } from "./data";
import { plannedShipments, type ShipmentRecord } from "./plan";

// Filter demand ahead: the shipments the filter job will make in the coming weeks, per cartridge,
// against the stock on the shelf. The same schedule the job follows (plan.ts), run forward: a member's
// purifier makes one shipment per due date, ordered (and its stock taken) the lead time before it, or
// before the date the member postponed it to. A shipment already ordered has taken its stock, and a
// skipped one never will, so neither counts; one whose order day has passed is made at the job's next
// run, so it counts in the first week. Non-members' purifiers get a reminder, not a shipment: they
// are not in the shop's demand. Each stage's life is 6 months or more, so a stage ships at most once
// in a horizon of 12 weeks.

/** How many weeks the console looks ahead. */
export const FORECAST_WEEKS = 12;

export interface ForecastPurifier {
  installedOn: string;
  changes: readonly FilterChangeRecord[];
  records: readonly ShipmentRecord[];
  /** Whether its owner has the member's benefits now (filters on schedule). */
  member: boolean;
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
  /** Purifiers of members the forecast counted. */
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
  let memberPurifiers = 0;
  for (const purifier of fleet) {
    if (!purifier.member) continue;
    memberPurifiers += 1;
    for (const shipment of plannedShipments(specs, purifier.installedOn, purifier.changes, purifier.records, today)) {
      if (shipment.record && shipment.record.status !== "postponed") continue;
      const week = Math.max(0, Math.floor(daysBetween(today, shipment.orderOn) / 7));
      if (week >= weeks) continue;
      for (const stage of shipment.stages) {
        const counts = weekly.get(stage.sku);
        if (counts) counts[week] = (counts[week] ?? 0) + 1;
      }
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

/** The forecast from the database at `now`: every purifier on the schedule, its owner's membership, the stock. */
export async function filterDemandForecast(db: DbExecutor, now: Date, weeks = FORECAST_WEEKS): Promise<FilterForecast> {
  const today = storeDate(now);
  const specs = await filterStageSpecs(db);
  const [owners, products] = await Promise.all([
    loadScheduledPurifiers(db),
    productsBySku(
      db,
      specs.map((spec) => spec.sku),
    ),
  ]);
  const members = await activeMembers(
    db,
    owners.map((owner) => owner.purifier.userId),
    now,
  );
  const stock = new Map([...products].map(([sku, product]) => [sku, product.stock]));
  const fleet = owners.map((owner) => ({
    installedOn: owner.purifier.installedOn,
    changes: owner.changes,
    records: owner.records,
    member: members.has(owner.purifier.userId),
  }));
  return forecastFilterDemand(specs, stock, fleet, today, weeks);
}
