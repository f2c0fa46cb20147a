import type { ComponentProps } from "react";
import { preload } from "react-dom";

type ImageProps = Omit<ComponentProps<"img">, "src" | "alt" | "width" | "height" | "loading" | "fetchPriority"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /**
   * The page's largest picture (its LCP): loaded at once and first, preloaded from the head. One
   * per page at most: each one takes a connection the stylesheet needs for the first paint.
   */
  priority?: boolean;
  /** Above the fold but small (the logo): loaded at once, without jumping the queue. */
  eager?: boolean;
};

/**
 * The shop's images are SVG files in /public, which next/image cannot optimise (it passes them
 * through): a plain img with its size (no layout shift), lazy loading below the fold and a high
 * fetch priority above it does the same without next/image's 4.5 KB gzip of client code on
 * every page.
 */
export function Image({ priority = false, eager = false, alt, ...props }: ImageProps) {
  // React's own image hints covered only pictures in a page's first part (not /waterpurifier's
  // hero). Asked for, the hint goes into the head while the head is still to be sent, so the picture
  // is requested with the stylesheet and font rather than when the parser reaches it. A page whose
  // head went out before the picture was rendered (/) only gets the hint in its payload.
  // A picture inlined into the page (lib/site/inline-picture.ts) is not fetched at all.
  if (priority && !props.src.startsWith("data:")) preload(props.src, { as: "image", fetchPriority: "high" });
  return (
    <img alt={alt} loading={priority || eager ? "eager" : "lazy"} fetchPriority={priority ? "high" : "auto"} decoding="async" {...props} />
  );
}
