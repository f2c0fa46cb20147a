import { describe, expect, it } from "vitest";
import { filterStages, type FilterStageSpec } from "./filter-stages";

const SPECS: FilterStageSpec[] = [
  { stage: 3, sku: "LW-F3-PC", name: "Post-carbon", lifeMonths: 12 },
  { stage: 1, sku: "LW-F1-PP", name: "Pre-filter", lifeMonths: 6 },
  { stage: 2, sku: "LW-F2-RO", name: "RO membrane", lifeMonths: 24 },
];

describe("filter stages", () => {
  it("counts each stage from the installation day until it is changed", () => {
    const stages = filterStages(SPECS, "2026-08-31", [], "2026-11-30");
    expect(stages.map((s) => [s.stage, s.dueOn])).toEqual([
      [1, "2027-02-28"],
      [2, "2028-08-31"],
      [3, "2027-08-31"],
    ]);
    expect(stages[0]?.daysLeft).toBe(90);
    // 91 of the stage's 181 days used.
    expect(stages[0]?.usedPercent).toBe(50);
  });

  it("restarts a stage at its latest change and leaves the others alone", () => {
    const stages = filterStages(
      SPECS,
      "2026-01-10",
      [
        { stage: 1, changedOn: "2026-07-01" },
        { stage: 1, changedOn: "2026-06-20" },
      ],
      "2026-07-01",
    );
    expect(stages[0]).toMatchObject({ lastChangedOn: "2026-07-01", dueOn: "2027-01-01", usedPercent: 0 });
    expect(stages[2]).toMatchObject({ lastChangedOn: "2026-01-10", dueOn: "2027-01-10" });
  });

  it("caps the bar at 100 % and counts overdue days below zero", () => {
    const [pre] = filterStages(SPECS, "2028-02-29", [], "2028-09-01");
    expect(pre).toMatchObject({ dueOn: "2028-08-29", daysLeft: -3, usedPercent: 100 });
  });
});
