"use client";

import { useEffect, useReducer } from "react";
import useEmblaCarousel from "embla-carousel-react";
import { EMBLA_DURATION } from "./carousel-config";
import { CarouselFrame, type CarouselProps } from "./carousel-frame";

/** The carousel with Embla: looping, with arrows. Loaded after the page (see carousel.tsx). */
export function InteractiveCarousel({ images, label }: CarouselProps) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: "start", duration: EMBLA_DURATION });
  // Embla holds the scroll state; re-render when it changes and read it from there.
  const [, refresh] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!embla) return;
    embla.on("reInit", refresh).on("select", refresh);
    return () => {
      embla.off("reInit", refresh).off("select", refresh);
    };
  }, [embla]);
  const canScroll = embla ? embla.canScrollNext() || embla.canScrollPrev() : false;
  return (
    <CarouselFrame
      images={images}
      label={label}
      viewportRef={viewportRef}
      canScroll={canScroll}
      onPrevious={() => embla?.scrollPrev()}
      onNext={() => embla?.scrollNext()}
    />
  );
}
