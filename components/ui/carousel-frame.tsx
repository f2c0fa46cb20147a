import type { Ref } from "react";
import { Image } from "./image";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";
import { slidesPerView } from "./carousel-config";

export interface CarouselImage {
  src: string;
  alt: string;
  caption?: string;
}

export interface CarouselProps {
  images: readonly CarouselImage[];
  label: string;
}

// Literal class names, so Tailwind sees them.
const SMALL_BASIS = { 1: "basis-full", 2: "basis-1/2", 3: "basis-1/3" } as const;
const LARGE_BASIS = { 1: "desk:basis-full", 2: "desk:basis-1/2", 3: "desk:basis-1/3" } as const;

const arrowClass =
  "inline-flex h-11 w-11 items-center justify-center rounded-full border border-line bg-white text-ink hover:bg-brand-50 disabled:opacity-40";

/**
 * The carousel's markup, the same before and after its script loads: slide widths come from CSS, so
 * nothing shifts when Embla takes over.
 */
export function CarouselFrame({
  images,
  label,
  viewportRef,
  canScroll = false,
  onPrevious,
  onNext,
}: CarouselProps & { viewportRef?: Ref<HTMLDivElement>; canScroll?: boolean; onPrevious?: () => void; onNext?: () => void }) {
  if (images.length === 0) return null;
  const { small, large } = slidesPerView(images.length);
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
              {/* The slides stretch to the tallest (flex rows do), and each card fills its slide: with
                  captions of one, two or three lines, the cards still stand the same height. */}
              <figure className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white">
                <Image src={image.src} alt={image.alt} width={600} height={600} className="aspect-square w-full" />
                {image.caption ? <figcaption className="px-4 py-3 text-sm font-medium text-ink">{image.caption}</figcaption> : null}
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" aria-label="Previous images" disabled={!canScroll} onClick={onPrevious} className={arrowClass}>
          <ChevronLeftIcon />
        </button>
        <button type="button" aria-label="Next images" disabled={!canScroll} onClick={onNext} className={arrowClass}>
          <ChevronRightIcon />
        </button>
      </div>
    </div>
  );
}
