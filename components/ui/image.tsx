import type { ComponentProps } from "react";

type ImageProps = Omit<ComponentProps<"img">, "src" | "alt" | "width" | "height" | "loading" | "fetchPriority"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above the fold (the LCP candidate): loaded at once and first. */
  priority?: boolean;
};

/**
 * The shop's images are SVG files in /public, which next/image cannot optimise (it passes them
 * through): a plain img with its size (no layout shift), lazy loading below the fold and a high
 * fetch priority above it does the same without next/image's 4.5 KB gzip of client code on
 * every page.
 */
export function Image({ priority = false, alt, ...props }: ImageProps) {
  return <img alt={alt} loading={priority ? "eager" : "lazy"} fetchPriority={priority ? "high" : "auto"} decoding="async" {...props} />;
}
