"use client";

import { useEffect, useReducer } from "react";
import Image from "next/image";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { EMBLA_DURATION, slidesPerView } from "./carousel-config";

export interface CarouselImage {
  src: string;
  alt: string;
  caption?: string;
}

// Literal class names, so Tailwind sees them.
const SMALL_BASIS = { 1: "basis-full", 2: "basis-1/2", 3: "basis-1/3" } as const;
const LARGE_BASIS = { 1: "desk:basis-full", 2: "desk:basis-1/2", 3: "desk:basis-1/3" } as const;

/**
 * Image carousel: 2 slides visible under 821 px and 3 above (never more than there are images),
 * looping, with arrows. Slide widths come from CSS, so the server-rendered page does not shift.
 */
export function Carousel({ images, label }: { images: readonly CarouselImage[]; label: string }) {
  const { small, large } = slidesPerView(images.length);
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

  if (images.length === 0) return null;

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-4 flex touch-pan-y">
          {images.map((image, index) => (
            <div
              key={image.src}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${images.length}`}
              data-testid="carousel-slide"
              className={`min-w-0 shrink-0 grow-0 pl-4 ${SMALL_BASIS[small]} ${LARGE_BASIS[large]}`}
            >
              <figure className="overflow-hidden rounded-2xl border border-line bg-white">
                <Image src={image.src} alt={image.alt} width={600} height={600} unoptimized className="aspect-square w-full" />
                {image.caption ? (
                  <figcaption className="px-4 py-3 text-sm font-medium text-ink">{image.caption}</figcaption>
                ) : null}
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button
          type="button"
          aria-label="Previous images"
          disabled={!canScroll}
          onClick={() => embla?.scrollPrev()}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-white text-ink hover:bg-brand-50 disabled:opacity-40"
        >
          <ChevronLeftIcon />
        </button>
        <button
          type="button"
          aria-label="Next images"
          disabled={!canScroll}
          onClick={() => embla?.scrollNext()}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-white text-ink hover:bg-brand-50 disabled:opacity-40"
        >
          <ChevronRightIcon />
        </button>
      </div>
    </div>
  );
}
