import { describe, expect, it } from "vitest";
import type { FilterStageSpec } from "@/lib/rules/filter-stages";
import { forecastFilterDemand, type ForecastPurifier } from "./forecast";
import type { ShipmentRecord } from "./plan";

// A known fleet on 2026-11-27, every figure worked out by hand from the schedule's rules: a stage is
// due its life after its last change (or the installation), the order is made 14 days before (or
// before the postponed date), an overdue one counts in the first week, ordered and skipped ones never.

const SPECS: FilterStageSpec[] = [
  { stage: 1, sku: "LW-F1-PP", name: "Pre-filter", lifeMonths: 6 },
  { stage: 2, sku: "LW-F2-RO", name: "RO membrane", lifeMonths: 24 },
  { stage: 3, sku: "LW-F3-PC", name: "Post-carbon", lifeMonths: 12 },
];
const TODAY = "2026-11-27";

const record = (dueOn: string, status: ShipmentRecord["status"], postponedTo: string | null = null): ShipmentRecord => ({
  dueOn,
  stages: [1],
  status,
  postponedTo,
  orderId: status === "ordered" ? "00000000-0000-4000-8000-000000000001" : null,
});
const purifier = (installedOn: string, more: Partial<ForecastPurifier> = {}): ForecastPurifier => ({
  installedOn,
  changes: [],
  records: [],
  member: { until: null },
  ...more,
});

const FLEET: ForecastPurifier[] = [
  // Pre-filter due 2026-12-10, ordered 2026-11-26: yesterday, so the job makes it now (week 0).
  purifier("2026-06-10"),
  // Pre-filter overdue since July (week 0); post-carbon due 2027-01-20, ordered 2027-01-06, 40 days on (week 5).
  purifier("2026-01-20"),
  // Pre-filter changed 2026-06-20 and post-carbon from the install both due 2026-12-20: one parcel ordered 2026-12-06 (week 1).
  purifier("2025-12-20", { changes: [{ stage: 1, changedOn: "2026-06-20" }] }),
  // Already ordered: its stock is taken.
  purifier("2026-06-10", { records: [record("2026-12-10", "ordered")] }),
  // Postponed to 2027-01-09: ordered 2026-12-26, 29 days on (week 4).
  purifier("2026-06-10", { records: [record("2026-12-10", "postponed", "2027-01-09")] }),
  // Skipped: the member changes it; next due 2027-06-10, past the horizon.
  purifier("2026-06-10", { records: [record("2026-12-10", "skipped")] }),
  // Not a member: a reminder, no shipment.
  purifier("2026-06-10", { member: null }),
  // Installed two years ago, never changed: all three stages overdue or due within the lead time (week 0).
  purifier("2024-12-01"),
];

describe("filter demand ahead", () => {
  const forecast = forecastFilterDemand(
    SPECS,
    new Map([
      ["LW-F1-PP", 3],
      ["LW-F2-RO", 5],
      ["LW-F3-PC", 0],
    ]),
    FLEET,
    TODAY,
  );
  const weeks = (entries: Record<number, number>) => Array.from({ length: 12 }, (_, index) => entries[index] ?? 0);

  it("counts twelve weeks from today", () => {
    expect(forecast.weeks).toHaveLength(12);
    expect(forecast.weeks[0]).toEqual({ from: "2026-11-27", to: "2026-12-03" });
    expect(forecast.weeks[11]).toEqual({ from: "2027-02-12", to: "2027-02-18" });
    expect(forecast.memberPurifiers).toBe(7);
  });

  it("gives each cartridge its shipments per week, the week its stock runs out and what to reorder", () => {
    expect(forecast.skus).toEqual([
      {
        sku: "LW-F1-PP",
        name: "Pre-filter",
        stage: 1,
        stock: 3,
        weekly: weeks({ 0: 3, 1: 1, 4: 1 }),
        total: 5,
        runsOutWeek: 1,
        reorder: 2,
      },
      { sku: "LW-F2-RO", name: "RO membrane", stage: 2, stock: 5, weekly: weeks({ 0: 1 }), total: 1, runsOutWeek: null, reorder: 0 },
      {
        sku: "LW-F3-PC",
        name: "Post-carbon",
        stage: 3,
        stock: 0,
        weekly: weeks({ 0: 1, 1: 1, 5: 1 }),
        total: 3,
        runsOutWeek: 0,
        reorder: 3,
      },
    ]);
  });

  it("leaves a shipment past the horizon out", () => {
    const short = forecastFilterDemand(SPECS, new Map(), FLEET, TODAY, 5);
    expect(short.skus.find((sku) => sku.sku === "LW-F3-PC")?.total).toBe(2);
  });
});

describe("filter demand ahead of a member whose benefits end", () => {
  // Weeks from 2026-11-27: week 1 is Dec 4–10, week 3 Dec 18–24, week 4 Dec 25–31, week 5 Jan 1–7.
  // The plan ends in week 3 without renewing (last day of benefits Dec 20): the job makes an order
  // only on a day its owner still has them.
  const ENDS = "2026-12-20";
  const fleet: ForecastPurifier[] = [
    // Pre-filter overdue (week 0): counted; post-carbon ordered 2027-01-06 (week 5), after the end: not.
    purifier("2026-01-20", { member: { until: ENDS } }),
    // The same history renewing (or past due, or with a renewing plan queued): the schedule worked out
    // for the purifier above is not cut for this one, whose week 5 counts.
    purifier("2026-01-20", { member: { until: null } }),
    // Ordered 2026-12-06 (week 1), the last day of the benefits: counted.
    purifier("2025-12-20", { changes: [{ stage: 1, changedOn: "2026-06-20" }], member: { until: "2026-12-06" } }),
    // The same, the benefits ending the day before: not.
    purifier("2025-12-20", { changes: [{ stage: 1, changedOn: "2026-06-20" }], member: { until: "2026-12-05" } }),
    // Postponed to 2027-01-09, so ordered 2026-12-26 (week 4): after the end, not counted.
    purifier("2026-06-10", { records: [record("2026-12-10", "postponed", "2027-01-09")], member: { until: ENDS } }),
    // A queued plan carries the benefits past the horizon: the postponed order counts (week 4).
    purifier("2026-06-10", { records: [record("2026-12-10", "postponed", "2027-01-09")], member: { until: "2027-06-30" } }),
  ];
  const forecast = forecastFilterDemand(SPECS, new Map(), fleet, TODAY);
  const weekly = (sku: string) => forecast.skus.find((entry) => entry.sku === sku)?.weekly;
  const weeks = (entries: Record<number, number>) => Array.from({ length: 12 }, (_, index) => entries[index] ?? 0);

  it("counts a shipment whose order day comes by the last day of the benefits, and none after it", () => {
    expect(weekly("LW-F1-PP")).toEqual(weeks({ 0: 2, 1: 1, 4: 1 }));
    expect(weekly("LW-F3-PC")).toEqual(weeks({ 1: 1, 5: 1 }));
    expect(weekly("LW-F2-RO")).toEqual(weeks({}));
  });

  it("still counts each of them among the purifiers of members now", () => {
    expect(forecast.memberPurifiers).toBe(6);
  });
});
