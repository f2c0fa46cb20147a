import { UI } from "@/lib/config/store";

type PerView = 1 | 2 | 3;

/** Slides visible at once: 2 on phones, 3 otherwise, never more than the images there are. */
export function slidesPerView(count: number): { small: PerView; large: PerView } {
  const clamp = (wanted: number) => Math.max(1, Math.min(wanted, count)) as PerView;
  return { small: clamp(UI.carousel.itemsSmall), large: clamp(UI.carousel.itemsLarge) };
}

/**
 * Embla's `duration` is not milliseconds: each 60 Hz frame adds displacement/duration to the
 * velocity, then multiplies it by the friction 0.68. With 15 a slide settles in about 500 ms,
 * the carousel's transition time, UI.carousel.transitionMs (carousel-config.test.ts replays that
 * integration).
 */
export const EMBLA_DURATION = 15;
export const EMBLA_FRICTION = 0.68;
export const EMBLA_FRAME_MS = 1000 / 60;
