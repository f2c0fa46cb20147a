"use client";

import { lazy, Suspense, useCallback, useRef, useState } from "react";
import type { EmblaCarouselType } from "embla-carousel";
import { prefersReducedMotion } from "@/lib/display/motion";
import { useNearViewport } from "@/lib/hooks/use-near-viewport";
import { ProductGalleryFrame, type ProductGalleryProps } from "./product-gallery-frame";

export type { GalleryImage } from "./product-gallery-frame";

// As with the home carousel (components/ui/carousel.tsx), Embla loads after the page: the server's
// HTML shows the large first picture at once (the product page's LCP) and the thumbnails and swipe
// come alive when the script has arrived, on the very elements the server drew. The script is asked
// for once the gallery is near the viewport, which the server never is: a lazy part rendered on the
// server made it send the gallery late in the stream, and the script that moved it into place
// relaid the page out before its first paint.
const GalleryMotion = lazy(() => import("./product-gallery-motion").then((module) => ({ default: module.GalleryMotion })));

/** A product's pictures: one large, with thumbnails, arrow keys and swipe when there are several. */
export function ProductGallery(props: ProductGalleryProps) {
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  const viewport = useRef<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  const viewportRef = useCallback(
    (element: HTMLDivElement | null) => {
      viewport.current = element;
      return nearRef(element);
    },
    [nearRef],
  );
  // One picture needs no script at all.
  if (props.images.length < 2) return <ProductGalleryFrame {...props} />;
  return (
    <>
      <ProductGalleryFrame
        {...props}
        selected={selected}
        viewportRef={viewportRef}
        // Reduced motion: the picture changes at once instead of sliding across.
        onSelect={(index) => embla?.scrollTo(index, prefersReducedMotion())}
      />
      {near ? (
        <Suspense fallback={null}>
          <GalleryMotion viewport={viewport} onApi={setEmbla} onSelect={setSelected} />
        </Suspense>
      ) : null}
    </>
  );
}
