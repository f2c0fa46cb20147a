import { Image } from "@/components/ui/image";
import type { ReactNode } from "react";

export interface Illustration {
  src: string;
  /** Empty when the picture only decorates text that says the same thing. */
  alt: string;
  width: number;
  height: number;
}

/** Text beside an illustration; stacked on phones, side by side from the desk breakpoint. */
export function Split({ image, children, imageFirst = false }: { image: Illustration; children: ReactNode; imageFirst?: boolean }) {
  return (
    <div className="grid items-center gap-10 desk:grid-cols-2">
      <div className={imageFirst ? "desk:order-2" : ""}>{children}</div>
      <Image
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        className={`mx-auto h-auto w-full max-w-lg ${imageFirst ? "desk:order-1" : ""}`}
      />
    </div>
  );
}
