/**
 * Whether the visitor asked for less motion (prefers-reduced-motion): scrolling then jumps instead
 * of gliding, and a carousel changes its slides at once. CSS transitions and animations follow the
 * same setting in app/shop.pcss; this is for motion that scripts make.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
