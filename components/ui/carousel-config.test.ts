// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { UI } from "@/lib/config/store";
import { EMBLA_DURATION, EMBLA_FRAME_MS, EMBLA_FRICTION, slidesPerView } from "./carousel-config";

describe("slidesPerView", () => {
  it.each([
    [0, { small: 1, large: 1 }],
    [1, { small: 1, large: 1 }],
    [2, { small: 2, large: 2 }],
    [3, { small: 2, large: 3 }],
    [4, { small: 2, large: 3 }],
    [5, { small: 2, large: 3 }],
  ])("shows the right number of slides for %i images", (count, expected) => {
    expect(slidesPerView(count)).toEqual(expected);
  });

  it.each([0, 1, 2, 3, 4, 5, 20])("keeps %i images within the phone and desktop limits", (count) => {
    const { small, large } = slidesPerView(count);
    expect(small).toBeLessThanOrEqual(UI.carousel.itemsSmall);
    expect(large).toBeLessThanOrEqual(UI.carousel.itemsLarge);
    expect(small).toBeGreaterThanOrEqual(1);
    expect(large).toBeGreaterThanOrEqual(1);
    if (count > 0) {
      expect(small).toBeLessThanOrEqual(count);
      expect(large).toBeLessThanOrEqual(count);
    }
  });
});

/** Replays Embla's scroll body (one step per 60 Hz frame) and returns when a unit move settles. */
function settleTimeMs(duration: number, friction: number): number {
  const target = 1;
  let location = 0;
  let velocity = 0;
  for (let frame = 1; frame <= 600; frame += 1) {
    const displacement = target - location;
    velocity += displacement / duration;
    velocity *= friction;
    location += velocity;
    if (Math.abs(target - location) < 0.005 && Math.abs(velocity) < 0.005) return frame * EMBLA_FRAME_MS;
  }
  return Number.POSITIVE_INFINITY;
}

describe("Embla timing", () => {
  it("runs at 60 frames per second", () => {
    expect(EMBLA_FRAME_MS).toBeCloseTo(1000 / 60, 10);
  });

  it("settles a slide change within 20% of the configured transition time", () => {
    const settled = settleTimeMs(EMBLA_DURATION, EMBLA_FRICTION);
    expect(settled).toBeGreaterThanOrEqual(0.8 * UI.carousel.transitionMs);
    expect(settled).toBeLessThanOrEqual(1.2 * UI.carousel.transitionMs);
  });

  it("would miss the transition time with a much slower duration (the replay can tell)", () => {
    expect(settleTimeMs(EMBLA_DURATION * 2, EMBLA_FRICTION)).toBeGreaterThan(1.2 * UI.carousel.transitionMs);
  });
});
