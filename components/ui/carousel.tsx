"use client";

import { lazy, Suspense } from "react";
import { CarouselFrame, type CarouselProps } from "./carousel-frame";

export type { CarouselImage } from "./carousel-frame";

// Embla loads after the page, not with it: the server renders the carousel in full, the browser
// shows that HTML at once (nothing shifts, the first picture is the page's LCP), and the arrows come
// alive when the script has arrived.
const InteractiveCarousel = lazy(() => import("./carousel-interactive").then((module) => ({ default: module.InteractiveCarousel })));

/**
 * Image carousel: 2 slides visible under 821 px and 3 above (never more than there are images),
 * looping, with arrows.
 */
export function Carousel(props: CarouselProps) {
  return (
    <Suspense fallback={<CarouselFrame {...props} />}>
      <InteractiveCarousel {...props} />
    </Suspense>
  );
}
