"use client";

import { useEffect, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import { EMBLA_DURATION } from "@/components/ui/carousel-config";
import { prefersReducedMotion } from "@/lib/display/motion";
import { ProductGalleryFrame, type ProductGalleryProps } from "./product-gallery-frame";

/** The gallery with Embla: swipe or drag the large picture, or pick a thumbnail. Loaded after the page. */
export function InteractiveProductGallery({ images, label }: ProductGalleryProps) {
  const [viewportRef, embla] = useEmblaCarousel({ duration: EMBLA_DURATION });
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);
  const select = (index: number) => {
    // Reduced motion: the picture changes at once instead of sliding across.
    embla?.scrollTo(index, prefersReducedMotion());
  };
  return <ProductGalleryFrame images={images} label={label} selected={selected} viewportRef={viewportRef} onSelect={select} />;
}
