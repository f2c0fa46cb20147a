import { afterEach, beforeEach, vi } from "vitest";

/**
 * A clock that stands still at `startsAt` in every test of the file (only Date is faked; timers
 * run) and moves only when the test calls the answered `advance(seconds)`. It keeps its time from
 * one test to the next, so a later test never sees an earlier one's limits as fresh.
 */
export function standingClock(startsAt: string): (seconds: number) => void {
  let now = Date.parse(startsAt);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return (seconds) => {
    now += seconds * 1000;
    vi.setSystemTime(now);
  };
}
