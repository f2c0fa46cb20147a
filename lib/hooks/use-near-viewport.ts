"use client";

import { useCallback, useState } from "react";

/**
 * True once the element given to the returned ref comes within `margin` of the viewport, and from
 * then on. For islands below the fold: their script loads and runs when the shopper gets near them,
 * not in the page's first seconds. Without IntersectionObserver it is true at once.
 */
export function useNearViewport<T extends Element>(
  margin = "300px",
): [ref: (element: T | null) => (() => void) | undefined, near: boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback(
    (element: T | null): (() => void) | undefined => {
      if (!element || near) return undefined;
      if (typeof IntersectionObserver === "undefined") {
        setNear(true);
        return undefined;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setNear(true);
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, near],
  );
  return [ref, near];
}
