import { addCalendarMonths, daysBetween, laterDay } from "./calendar-day";

// Where each filter stage of a purifier stands on a given day. The stages and their lives come from
// the catalogue (products with a filter stage), never from page code; a stage's clock starts at its
// last recorded change, or at the installation day when it still has the cartridge it came with.

export interface FilterStageSpec {
  stage: number;
  sku: string;
  name: string;
  lifeMonths: number;
}

export interface FilterChangeRecord {
  stage: number;
  changedOn: string;
}

export interface FilterStageStatus extends FilterStageSpec {
  lastChangedOn: string;
  dueOn: string;
  /** Whole days until due; 0 on the due day, negative once overdue. */
  daysLeft: number;
  /** Share of the cartridge's life used, 0–100 (100 once due). */
  usedPercent: number;
}

export function filterStageStatus(
  spec: FilterStageSpec,
  installedOn: string,
  changes: readonly FilterChangeRecord[],
  today: string,
): FilterStageStatus {
  const lastChangedOn = changes
    .filter((change) => change.stage === spec.stage)
    .reduce((latest, change) => laterDay(latest, change.changedOn), installedOn);
  const dueOn = addCalendarMonths(lastChangedOn, spec.lifeMonths);
  const life = Math.max(1, daysBetween(lastChangedOn, dueOn));
  const used = daysBetween(lastChangedOn, today);
  return {
    ...spec,
    lastChangedOn,
    dueOn,
    daysLeft: daysBetween(today, dueOn),
    usedPercent: Math.min(100, Math.max(0, Math.round((used / life) * 100))),
  };
}

/** Every stage of one purifier, in stage order. */
export function filterStages(
  specs: readonly FilterStageSpec[],
  installedOn: string,
  changes: readonly FilterChangeRecord[],
  today: string,
): FilterStageStatus[] {
  return [...specs].sort((a, b) => a.stage - b.stage).map((spec) => filterStageStatus(spec, installedOn, changes, today));
}
