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
  // React hoists the hint into the head when the head is still to be sent (a prerendered page), so
  // the picture is requested with the font and stylesheet rather than when the parser reaches it;
  // on a streamed page it goes out ahead of the segment that holds the picture. It only does this
  // by itself for a picture in the first part of the page.
  if (priority) preload(props.src, { as: "image", fetchPriority: "high" });
  return (
    <img alt={alt} loading={priority || eager ? "eager" : "lazy"} fetchPriority={priority ? "high" : "auto"} decoding="async" {...props} />
  );
}
