/**
 * The picture a key press in the product gallery moves to, or null for a key the gallery leaves to
 * the browser. The arrows wrap around, like the tab lists they resemble, so a keyboard user is
 * never stuck at either end.
 */
export function galleryIndexForKey(key: string, current: number, count: number): number | null {
  if (count < 2) return null;
  switch (key) {
    case "ArrowRight":
      return (current + 1) % count;
    case "ArrowLeft":
      return (current - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
