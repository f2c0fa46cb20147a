// What scripts/build/inline-stylesheet-loader.cjs makes of a stylesheet named *.pcss (next.config.ts).
declare module "*.pcss" {
  /** The compiled stylesheet. */
  export const css: string;
  /** Changes with the text, so a page from a newer build brings its own sheet rather than reuse the old. */
  export const id: string;
}
