"use client";

import { useEffect, type RefObject } from "react";
import useEmblaCarousel from "embla-carousel-react";
import type { EmblaCarouselType } from "embla-carousel";
import { EMBLA_DURATION } from "@/components/ui/carousel-config";

interface GalleryMotionProps {
  /** The frame's viewport, which the server drew: Embla takes it over as it is. */
  viewport: RefObject<HTMLDivElement | null>;
  onApi: (api: EmblaCarouselType | null) => void;
  onSelect: (index: number) => void;
}

/** Swipe and drag for the gallery's large picture: Embla on the frame already on screen. Draws nothing. */
export function GalleryMotion({ viewport, onApi, onSelect }: GalleryMotionProps) {
  const [emblaRef, embla] = useEmblaCarousel({ duration: EMBLA_DURATION });
  useEffect(() => {
    emblaRef(viewport.current);
    return () => emblaRef(null);
  }, [emblaRef, viewport]);
  useEffect(() => {
    if (!embla) return;
    const select = () => onSelect(embla.selectedScrollSnap());
    embla.on("select", select).on("reInit", select);
    onApi(embla);
    return () => {
      embla.off("select", select).off("reInit", select);
      onApi(null);
    };
  }, [embla, onApi, onSelect]);
  return null;
}
