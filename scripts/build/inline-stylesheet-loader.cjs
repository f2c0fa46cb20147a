// Turns the shop's stylesheet (app/shop.pcss) into a module exporting its compiled text and an id
// that changes with it, so the layout can put the sheet into the page's head (docs/decisions/0048).
// Tailwind runs here as it would in Next's own CSS pipeline: the same PostCSS plugin, minified for a
// production build. With `{ textless: true }` (the browser's bundle, next.config.ts) the module has
// the id alone: the browser finds the sheet in the page by it and never needs the text again.
// CommonJS, the loader format Turbopack runs; its imports are dynamic, as the packages are modules.

async function compile(context, source) {
  const [{ createHash }, { default: postcss }, { default: tailwind }] = await Promise.all([
    import("node:crypto"),
    import("postcss"),
    import("@tailwindcss/postcss"),
  ]);
  const production = process.env.NODE_ENV === "production";
  const result = await postcss([tailwind({ optimize: production ? { minify: true } : false })]).process(source, {
    from: context.resourcePath,
  });
  // Tailwind reads every file it scans for class names: a change to one compiles the sheet again.
  for (const message of result.messages) {
    if (message.type === "dependency") context.addDependency(message.file);
    if (message.type === "dir-dependency") context.addContextDependency(message.dir);
  }
  const { textless = false } = context.getOptions?.() ?? {};
  const id = `shop-${createHash("sha256").update(result.css).digest("hex").slice(0, 12)}`;
  return `export const css = ${JSON.stringify(textless ? "" : result.css)};\nexport const id = ${JSON.stringify(id)};\n`;
}

module.exports = function inlineStylesheetLoader(source) {
  const callback = this.async();
  compile(this, source).then(
    (output) => callback(null, output),
    (error) => callback(error),
  );
};
