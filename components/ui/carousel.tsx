"use client";

import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { EmblaCarouselType } from "embla-carousel";
import { useNearViewport } from "@/lib/hooks/use-near-viewport";
import { prefersReducedMotion } from "@/lib/display/motion";
import { EMBLA_DURATION } from "./carousel-config";
import { CarouselFrame, type CarouselProps } from "./carousel-frame";

export type { CarouselImage } from "./carousel-frame";

/**
 * Image carousel: 2 slides visible under 821 px and 3 above (never more than there are images),
 * looping, with arrows.
 *
 * The server renders it in full and the browser shows that HTML at once (nothing shifts). Embla
 * loads when the carousel comes near the viewport, not with the page, and takes over the very
 * elements the server drew: a carousel below the fold costs a phone nothing while the page starts,
 * and no slide is drawn (or its picture decoded) twice.
 */
export function Carousel(props: CarouselProps) {
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  const viewport = useRef<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  // Embla holds the scroll state; re-render when it changes and read it from there.
  const [, refresh] = useReducer((count: number) => count + 1, 0);

  const viewportRef = useCallback(
    (element: HTMLDivElement | null) => {
      viewport.current = element;
      return nearRef(element);
    },
    [nearRef],
  );

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let api: EmblaCarouselType | null = null;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (cancelled || !viewport.current) return;
      api = EmblaCarousel(viewport.current, { loop: true, align: "start", duration: EMBLA_DURATION });
      api.on("reInit", refresh).on("select", refresh);
      setEmbla(api);
    });
    return () => {
      cancelled = true;
      api?.destroy();
      setEmbla(null);
    };
  }, [near]);

  const canScroll = embla ? embla.canScrollNext() || embla.canScrollPrev() : false;
  return (
    <CarouselFrame
      {...props}
      viewportRef={viewportRef}
      canScroll={canScroll}
      // Reduced motion: the slides change at once instead of sliding across.
      onPrevious={() => embla?.scrollPrev(prefersReducedMotion())}
      onNext={() => embla?.scrollNext(prefersReducedMotion())}
    />
  );
}
