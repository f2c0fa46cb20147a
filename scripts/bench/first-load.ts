// What a page's HTML makes the browser download before the page can run: its scripts (not the
// noModule polyfills, which module-capable browsers never fetch) and its stylesheets, in gzip bytes.
// A stylesheet inlined into the HTML still counts as CSS: the shop's own (components/layout/
// shop-stylesheet.tsx, its id in the <style>'s data-href) by its text, one that Next inlines
// (`experimental.inlineCss`) by the file its data-href names, which holds the same bytes.
// Next 16 no longer prints first-load sizes, so the benchmarks and the budget test read them here,
// from the HTML the server actually sends.
import { gzipSync } from "node:zlib";

export interface Asset {
  url: string;
  bytes: number;
  gzip: number;
}

export interface FirstLoad {
  route: string;
  htmlGzip: number;
  js: Asset[];
  css: Asset[];
  jsGzip: number;
  cssGzip: number;
}

export interface PageAssets {
  scripts: string[];
  /** Stylesheet files, by address. */
  styles: string[];
  /** Stylesheets whose text is in the HTML itself, by their <style>'s data-href. */
  inlineStyles: { id: string; text: string }[];
}

const TAG = /<(script|link|style)\b([^>]*)>/gi;
const STYLE_TEXT = /<style\b[^>]*>([\s\S]*?)<\/style>/gy;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributesOf(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1];
    if (name) found.set(name.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return found;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** Script and stylesheet addresses a page's HTML loads or inlines, each once, in document order. */
export function assetsInHtml(html: string): PageAssets {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const inlineStyles = new Map<string, string>();
  // Inline scripts (the RSC payload) are data, not markup: only their opening tags are read.
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, "$1</script>");
  for (const match of markup.matchAll(TAG)) {
    const tag = match[1]?.toLowerCase();
    const attributes = attributesOf(match[2] ?? "");
    if (tag === "script") {
      const src = attributes.get("src");
      if (src && !attributes.has("nomodule")) scripts.add(src);
      continue;
    }
    if (tag === "style") {
      const inlined = attributes.get("data-href");
      if (inlined?.startsWith("/")) styles.add(inlined);
      else if (inlined && !inlineStyles.has(inlined)) {
        STYLE_TEXT.lastIndex = match.index;
        inlineStyles.set(inlined, STYLE_TEXT.exec(markup)?.[1] ?? "");
      }
      continue;
    }
    const href = attributes.get("href");
    if (!href) continue;
    const rel = attributes.get("rel")?.toLowerCase().split(/\s+/) ?? [];
    const as = attributes.get("as")?.toLowerCase();
    if (rel.includes("stylesheet") || (rel.includes("preload") && as === "style")) styles.add(href);
    else if (rel.includes("modulepreload") || (rel.includes("preload") && as === "script")) scripts.add(href);
  }
  return { scripts: [...scripts], styles: [...styles], inlineStyles: [...inlineStyles].map(([id, text]) => ({ id, text })) };
}

export function gzipSize(body: Uint8Array | string): number {
  return gzipSync(body).byteLength;
}

const sum = (assets: Asset[]) => assets.reduce((total, asset) => total + asset.gzip, 0);

/**
 * Fetches a route and everything its HTML loads. Assets are memoised by address in `cache`, since
 * every page shares the framework's files.
 */
export async function measureFirstLoad(
  baseUrl: string,
  route: string,
  options: { headers?: Record<string, string>; cache?: Map<string, Promise<Asset>> } = {},
): Promise<FirstLoad> {
  const cache = options.cache ?? new Map<string, Promise<Asset>>();
  const response = await fetch(new URL(route, baseUrl), { headers: options.headers, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}, not 200`);
  const html = await response.text();
  const { scripts, styles, inlineStyles } = assetsInHtml(html);
  const load = (address: string): Promise<Asset> => {
    const url = new URL(address, baseUrl).href;
    let asset = cache.get(url);
    if (!asset) {
      asset = fetch(url).then(async (reply) => {
        if (!reply.ok) throw new Error(`${url} answered ${reply.status}`);
        const body = new Uint8Array(await reply.arrayBuffer());
        return { url: new URL(url).pathname, bytes: body.byteLength, gzip: gzipSize(body) };
      });
      cache.set(url, asset);
    }
    return asset;
  };
  const [js, files] = await Promise.all([Promise.all(scripts.map(load)), Promise.all(styles.map(load))]);
  const inline = inlineStyles.map(({ id, text }) => ({ url: `<style> ${id}`, bytes: Buffer.byteLength(text), gzip: gzipSize(text) }));
  const css = [...files, ...inline];
  return { route, htmlGzip: gzipSize(html), js, css, jsGzip: sum(js), cssGzip: sum(css) };
}
