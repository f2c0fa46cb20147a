import type { KeyboardEvent, Ref } from "react";
import { Image } from "@/components/ui/image";
import { galleryIndexForKey } from "./gallery-keys";

export interface GalleryImage {
  src: string;
  alt: string;
  /** What the large picture shows instead of `src` (the first picture inlined by the server, lib/site/inline-picture.ts). */
  display?: string;
}

export interface ProductGalleryProps {
  images: readonly GalleryImage[];
  label: string;
}

interface FrameProps extends ProductGalleryProps {
  selected?: number;
  viewportRef?: Ref<HTMLDivElement>;
  /** Absent until the script has arrived: the server's HTML shows the first picture. */
  onSelect?: (index: number) => void;
}

// The pictures are 600 × 600 SVG files (lib/db/seed/catalogue.ts): one size serves every screen,
// so there is no srcset to pick from and `sizes` would change nothing. The square box reserves the
// picture's place before it arrives.
const PICTURE_SIZE = 600;
const THUMB_SIZE = 80;

/**
 * The product gallery's markup, the same before and after its script loads (nothing shifts when
 * Embla takes over): one large picture, and a row of thumbnails when there is more than one.
 */
export function ProductGalleryFrame({ images, label, selected = 0, viewportRef, onSelect }: FrameProps) {
  if (images.length === 0) return null;
  const count = images.length;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onSelect) return;
    const next = galleryIndexForKey(event.key, selected, count);
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    // Focus follows the choice when it was made from a thumbnail, as in a tab list.
    if (event.target instanceof HTMLButtonElement) {
      event.currentTarget.querySelectorAll<HTMLButtonElement>("[data-gallery-thumb]")[next]?.focus();
    }
  };

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div ref={viewportRef} className="overflow-hidden rounded-2xl border border-line bg-white">
        <div className="flex touch-pan-y">
          {images.map((image, index) => (
            <div
              key={image.src}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              data-testid="gallery-picture"
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <Image
                src={image.display ?? image.src}
                alt={image.alt}
                width={PICTURE_SIZE}
                height={PICTURE_SIZE}
                priority={index === 0}
                className="aspect-square h-auto w-full"
              />
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <ul className="mt-4 flex flex-wrap gap-3">
          {images.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                data-gallery-thumb
                aria-label={`Show picture ${index + 1} of ${count}`}
                aria-current={index === selected ? "true" : undefined}
                onClick={() => onSelect?.(index)}
                className={`block h-16 w-16 overflow-hidden rounded-xl border-2 bg-white desk:h-20 desk:w-20 ${
                  index === selected ? "border-brand-600" : "border-line hover:border-brand-300"
                }`}
              >
                <Image src={image.src} alt="" width={THUMB_SIZE} height={THUMB_SIZE} eager className="h-full w-full" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
