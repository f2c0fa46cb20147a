import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";

// A page's largest picture (its LCP), when it is a small SVG of ours, goes into the HTML as a data:
// address instead of a file the browser asks for once the HTML has arrived. On a phone's network
// every request waits a round trip (about 560 ms on Lighthouse's Slow 4G): inline, the picture is
// in the first paint. Larger files keep their address: their bytes would delay the HTML itself,
// and they come twice (the HTML and the page's payload).

/** Raw bytes above which a picture stays a file. */
export const INLINE_PICTURE_MAX_BYTES = 8 * 1024;

const PUBLIC_DIR = path.join(process.cwd(), "public");
const inlined = new Map<string, string>();

/** The SVG as a data: address: only what a URL cannot hold as it is is escaped, so it stays small and gzips well. */
export function svgDataUri(svg: string): string {
  const compact = svg.replace(/\s*[\r\n]+\s*/g, " ").trim();
  return `data:image/svg+xml,${compact.replace(/[%#<>"{}|\\^`]/g, (character) => encodeURIComponent(character))}`;
}

/**
 * `src` (a path under /public) as a data: address when it is an SVG of at most
 * INLINE_PICTURE_MAX_BYTES, else `src` itself. Read once per process.
 */
export function inlinePicture(src: string, read: (file: string) => string = (file) => readFileSync(file, "utf8")): string {
  const known = inlined.get(src);
  if (known !== undefined) return known;
  let result = src;
  if (src.startsWith("/") && src.endsWith(".svg") && !src.includes("..")) {
    try {
      const svg = read(path.join(PUBLIC_DIR, src));
      if (Buffer.byteLength(svg) <= INLINE_PICTURE_MAX_BYTES) result = svgDataUri(svg);
    } catch {
      // Not a file of ours (or not readable): the browser asks for it as before.
    }
  }
  inlined.set(src, result);
  return result;
}
