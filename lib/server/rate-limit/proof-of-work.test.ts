// @vitest-environment node
import { describe, expect, it } from "vitest";
import { standingClock } from "@/test/support/clock";
import { PROOF_OF_WORK } from "@/lib/config/auth";
import { bitsFor, PressureGauge } from "./proof-of-work";
import { memoryStore } from "./store";

const advance = standingClock("2025-03-01T12:00:00Z");

describe("bitsFor", () => {
  it("asks nothing below the threshold, then 14 bits, one more each time the count doubles, at most 18", () => {
    expect([0, 59].map((count) => bitsFor(count, 60))).toEqual([0, 0]);
    expect([60, 119, 120, 240, 480, 960, 100_000].map((count) => bitsFor(count, 60))).toEqual([
      14,
      14,
      15,
      16,
      17,
      18,
      PROOF_OF_WORK.maxBits,
    ]);
  });
});

describe("PressureGauge", () => {
  it("gives each of the events reserved at once its own place in the count", async () => {
    const gauge = new PressureGauge(memoryStore(), "burst", 3, 60);
    const reserved = await Promise.all(Array.from({ length: 6 }, () => gauge.reserve()));
    expect(reserved.map((event) => event.bits)).toEqual([0, 0, 0, 14, 14, 14]);
  });

  it("takes a released event out of the count, once however often it is released", async () => {
    const gauge = new PressureGauge(memoryStore(), "release", 2, 60);
    const first = await gauge.reserve();
    await gauge.reserve();
    await first.release();
    await first.release();
    expect((await gauge.reserve()).bits).toBe(0);
    expect((await gauge.reserve()).bits).toBe(14);
  });

  it("leaves the next window's count alone when an event of the last one is released late", async () => {
    const gauge = new PressureGauge(memoryStore(), "late", 2, 60);
    const old = await gauge.reserve();
    advance(61);
    await gauge.reserve();
    await old.release();
    await gauge.reserve();
    expect((await gauge.reserve()).bits).toBe(14);
  });
});
