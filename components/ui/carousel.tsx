"use client";

import { lazy, Suspense } from "react";
import { useNearViewport } from "@/lib/hooks/use-near-viewport";
import { CarouselFrame, type CarouselProps } from "./carousel-frame";

export type { CarouselImage } from "./carousel-frame";

// Embla loads when the carousel comes near the viewport, not with the page: the server renders the
// carousel in full, the browser shows that HTML at once (nothing shifts), and the arrows come alive
// when the shopper gets there. A carousel below the fold costs a phone nothing while it starts.
const InteractiveCarousel = lazy(() => import("./carousel-interactive").then((module) => ({ default: module.InteractiveCarousel })));

/**
 * Image carousel: 2 slides visible under 821 px and 3 above (never more than there are images),
 * looping, with arrows.
 */
export function Carousel(props: CarouselProps) {
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  const frame = <CarouselFrame {...props} viewportRef={near ? undefined : nearRef} />;
  if (!near) return frame;
  return (
    <Suspense fallback={frame}>
      <InteractiveCarousel {...props} />
    </Suspense>
  );
}
