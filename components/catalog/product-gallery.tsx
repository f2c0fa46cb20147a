"use client";

import { lazy, Suspense } from "react";
import { ProductGalleryFrame, type ProductGalleryProps } from "./product-gallery-frame";

export type { GalleryImage } from "./product-gallery-frame";

// As with the home carousel (components/ui/carousel.tsx), Embla loads after the page: the server's
// HTML shows the large first picture at once (the product page's LCP) and the thumbnails and swipe
// come alive when the script has arrived.
const InteractiveProductGallery = lazy(() =>
  import("./product-gallery-interactive").then((module) => ({ default: module.InteractiveProductGallery })),
);

/** A product's pictures: one large, with thumbnails, arrow keys and swipe when there are several. */
export function ProductGallery(props: ProductGalleryProps) {
  // One picture needs no script at all.
  if (props.images.length < 2) return <ProductGalleryFrame {...props} />;
  return (
    <Suspense fallback={<ProductGalleryFrame {...props} />}>
      <InteractiveProductGallery {...props} />
    </Suspense>
  );
}
