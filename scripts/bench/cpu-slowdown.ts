// The CPU slowdown of the applied-throttling Lighthouse runs, calibrated to one reference phone
// from the machine's benchmarkIndex (Lighthouse's own CPU benchmark, in lhr.environment). A fixed
// 4x, the mobile preset's, means a Moto G4 only on a desktop of benchmarkIndex ~1,533; on a shared
// 2-core machine it would emulate a far slower phone, and a faster machine a faster one.

/**
 * The phone the applied runs emulate: the Moto G4, Lighthouse's mid-tier mobile reference (its
 * mobile preset's user agent, the device its CPU throttling docs calibrate to).
 */
export const REFERENCE_PHONE = "Moto G4";

/**
 * benchmarkIndex → the slowdown that brings a machine of that index to the reference phone: the
 * points of the CPU slowdown calculator Lighthouse's docs/throttling.md links to
 * (lighthouse-cpu-throttling-calculator; Lighthouse 12 ships no such helper in its package).
 * Linear between them; above the last, the last segment's slope (233 index points per 1x).
 */
const CALIBRATION: readonly (readonly [benchmarkIndex: number, multiplier: number])[] = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [2000, 6],
];

export interface CpuSlowdown {
  /** The median benchmarkIndex the multiplier was computed from. */
  benchmarkIndex: number;
  /** Rounded to two decimals, as Lighthouse's settings carry it into the report. */
  multiplier: number;
  /** The machine is at or below the phone itself: no slowdown, and the figures flatter the pages. */
  slowerThanPhone: boolean;
}

/** The slowdown for a machine of `benchmarkIndex` (see CALIBRATION). */
export function cpuSlowdownFor(benchmarkIndex: number): CpuSlowdown {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`Lighthouse measured no usable benchmarkIndex (${benchmarkIndex})`);
  }
  const [first] = CALIBRATION;
  if (!first || benchmarkIndex <= first[0]) return { benchmarkIndex, multiplier: 1, slowerThanPhone: true };
  let multiplier = Number.NaN;
  for (let index = 1; index < CALIBRATION.length; index += 1) {
    const [fromIndex, fromMultiplier] = CALIBRATION[index - 1] ?? first;
    const [toIndex, toMultiplier] = CALIBRATION[index] ?? first;
    const last = index === CALIBRATION.length - 1;
    if (benchmarkIndex <= toIndex || last) {
      multiplier = fromMultiplier + ((benchmarkIndex - fromIndex) * (toMultiplier - fromMultiplier)) / (toIndex - fromIndex);
      break;
    }
  }
  return { benchmarkIndex, multiplier: Math.round(multiplier * 100) / 100, slowerThanPhone: false };
}
