import { describe, expect, it } from "vitest";
import type { FilterStageSpec } from "@/lib/rules/filter-stages";
import { isOrderDue, orderDay, plannedShipments, postponedDay, type ShipmentRecord } from "./plan";

// The schedule's arithmetic on calendar days: which stages ship together, on which day the order is
// made, and how a skip or a postponement moves it.

const SPECS: FilterStageSpec[] = [
  { stage: 1, sku: "LW-F1-PP", name: "Pre-filter", lifeMonths: 6 },
  { stage: 2, sku: "LW-F2-RO", name: "RO membrane", lifeMonths: 24 },
  { stage: 3, sku: "LW-F3-PC", name: "Post-carbon", lifeMonths: 12 },
];

function summary(installedOn: string, changes: { stage: number; changedOn: string }[], records: ShipmentRecord[], today: string) {
  return plannedShipments(SPECS, installedOn, changes, records, today).map((shipment) => ({
    dueOn: shipment.dueOn,
    orderOn: shipment.orderOn,
    stages: shipment.stages.map((stage) => stage.stage),
  }));
}

describe("plannedShipments", () => {
  it("groups stages by due date, earliest first, each ordered 14 days before it is due", () => {
    expect(summary("2026-03-10", [], [], "2026-03-10")).toEqual([
      { dueOn: "2026-09-10", orderOn: "2026-08-27", stages: [1] },
      { dueOn: "2027-03-10", orderOn: "2027-02-24", stages: [3] },
      { dueOn: "2028-03-10", orderOn: "2028-02-25", stages: [2] },
    ]);
  });

  it("puts the pre-filter's yearly change and the post-carbon in one shipment", () => {
    expect(summary("2026-01-15", [{ stage: 1, changedOn: "2026-07-15" }], [], "2026-12-01")[0]).toEqual({
      dueOn: "2027-01-15",
      orderOn: "2027-01-01",
      stages: [1, 3],
    });
  });

  it("keeps month ends and leap days: Aug 31 + 6 months is Feb 28, or Feb 29 in a leap year", () => {
    expect(summary("2026-08-31", [], [], "2026-09-01")[0]).toMatchObject({ dueOn: "2027-02-28", orderOn: "2027-02-14" });
    expect(summary("2027-08-31", [], [], "2027-09-01")[0]).toMatchObject({ dueOn: "2028-02-29", orderOn: "2028-02-15" });
    expect(summary("2028-02-29", [], [], "2028-03-01").slice(0, 2)).toEqual([
      { dueOn: "2028-08-29", orderOn: "2028-08-15", stages: [1] },
      { dueOn: "2029-02-28", orderOn: "2029-02-14", stages: [3] },
    ]);
  });

  it("counts a skipped shipment as that stage's change on its due date, so the next one follows", () => {
    const skipped: ShipmentRecord = { dueOn: "2026-09-10", stages: [1], status: "skipped", postponedTo: null, orderId: null };
    expect(summary("2026-03-10", [], [skipped], "2026-08-30")[0]).toEqual({ dueOn: "2027-03-10", orderOn: "2027-02-24", stages: [1, 3] });
  });

  it("orders a postponed shipment 14 days before its new date, and keeps its key", () => {
    const postponed: ShipmentRecord = {
      dueOn: "2026-09-10",
      stages: [1],
      status: "postponed",
      postponedTo: postponedDay("2026-09-10"),
      orderId: null,
    };
    expect(postponed.postponedTo).toBe("2026-10-10");
    const [next] = plannedShipments(SPECS, "2026-03-10", [], [postponed], "2026-08-27");
    expect(next).toMatchObject({ dueOn: "2026-09-10", shipFor: "2026-10-10", orderOn: "2026-09-26" });
    expect(next && isOrderDue(next, "2026-09-25")).toBe(false);
    expect(next && isOrderDue(next, "2026-09-26")).toBe(true);
  });

  it("never orders a shipment twice, nor before its order day", () => {
    const ordered: ShipmentRecord = { dueOn: "2026-09-10", stages: [1], status: "ordered", postponedTo: null, orderId: "x" };
    const [withOrder] = plannedShipments(SPECS, "2026-03-10", [], [ordered], "2026-09-01");
    expect(withOrder && isOrderDue(withOrder, "2026-09-01")).toBe(false);
    const [fresh] = plannedShipments(SPECS, "2026-03-10", [], [], "2026-08-26");
    expect(fresh && isOrderDue(fresh, "2026-08-26")).toBe(false);
    expect(fresh && isOrderDue(fresh, "2026-08-27")).toBe(true);
    expect(orderDay("2026-03-01")).toBe("2026-02-15");
  });
});
