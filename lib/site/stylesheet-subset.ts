// The part of the shop's stylesheet a page's HTML uses: the utilities whose classes appear in it,
// with everything else of the sheet (the base layer, the theme, fonts, registered properties) kept
// whole. Kept in the sheet's order, so the cascade among the rules kept is the sheet's own, and the
// whole sheet loaded after it changes nothing already drawn (docs/decisions/0051).
//
// The sheet is Tailwind's minified output: rules and at-rules in blocks, no nesting left inside a
// style rule. The reader below knows only what that output has: blocks, strings, comments and
// backslash escapes.

/** A style rule's selector and body, or an at-rule's prelude and its blocks. */
type Block =
  | { kind: "rule"; text: string; needs: readonly (readonly string[])[] }
  | { kind: "group"; prelude: string; children: Block[] }
  | { kind: "verbatim"; text: string };

/** The at-rules whose blocks hold further rules; every other block (a @font-face, @property, @keyframes) is kept as it is. */
const GROUPING_AT_RULES = /^@(media|supports|layer|container|scope|starting-style)\b/;
/** Only utilities come and go with the page; the layers before them style elements, not classes. */
const FILTERED_LAYER = "@layer utilities";

/** Where the block that opens at `open` (a `{`) closes, past strings, comments and escapes. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = skipString(css, i);
    else if (char === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1 || css.length;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return i;
  }
  throw new Error("The stylesheet has a block that does not close.");
}

/** The index of the quote that ends the string opening at `start`. */
function skipString(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/** The next `{` or `;` outside strings and escapes, from `from`. */
function nextDelimiter(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    const char = css[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = skipString(css, i);
    else if (char === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1 || css.length;
    else if (char === "{" || char === ";") return i;
  }
  return css.length;
}

/** Splits a selector list at its top-level commas. */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = skipString(list, i);
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

const IDENTIFIER_CHAR = /[A-Za-z0-9_\-\u0080-\uFFFF]/;
const HEX = /[0-9a-fA-F]/;

/**
 * The classes a selector needs on the page to match anything: those outside parentheses and
 * brackets. A class inside `:not(…)` is needed absent, and one inside `:where(…)` or `:has(…)` may be
 * on another element; counting none of them keeps a rule that might apply.
 */
export function classesNeeded(selector: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = skipString(selector, i);
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "." && depth === 0) {
      let name = "";
      let j = i + 1;
      while (j < selector.length) {
        const c = selector[j] ?? "";
        if (c === "\\") {
          let hex = "";
          while (hex.length < 6 && HEX.test(selector[j + 1 + hex.length] ?? "")) hex += selector[j + 1 + hex.length];
          if (hex) {
            name += String.fromCodePoint(Number.parseInt(hex, 16));
            j += 1 + hex.length;
            if (selector[j] === " ") j++;
          } else {
            name += selector[j + 1] ?? "";
            j += 2;
          }
        } else if (IDENTIFIER_CHAR.test(c)) {
          name += c;
          j++;
        } else break;
      }
      if (name) classes.push(name);
      i = j - 1;
    }
  }
  return classes;
}

function parseBlocks(css: string, filtered: boolean): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < css.length) {
    const delimiter = nextDelimiter(css, i);
    if (delimiter >= css.length || css[delimiter] === ";") {
      const text = css.slice(i, Math.min(delimiter + 1, css.length));
      if (text.trim()) blocks.push({ kind: "verbatim", text });
      i = delimiter + 1;
      continue;
    }
    const close = closingBrace(css, delimiter);
    const prelude = css.slice(i, delimiter);
    const head = prelude.trim();
    if (GROUPING_AT_RULES.test(head)) {
      const inner = css.slice(delimiter + 1, close);
      blocks.push({ kind: "group", prelude, children: parseBlocks(inner, filtered || head === FILTERED_LAYER) });
    } else if (filtered && !head.startsWith("@")) {
      blocks.push({ kind: "rule", text: css.slice(i, close + 1), needs: selectors(head).map(classesNeeded) });
    } else {
      blocks.push({ kind: "verbatim", text: css.slice(i, close + 1) });
    }
    i = close + 1;
  }
  return blocks;
}

function serialise(blocks: readonly Block[], has: (name: string) => boolean): string {
  let out = "";
  for (const block of blocks) {
    if (block.kind === "verbatim") out += block.text;
    else if (block.kind === "rule") {
      if (block.needs.some((needed) => needed.every(has))) out += block.text;
    } else {
      const inner = serialise(block.children, has);
      // An emptied @media goes; an emptied layer statement stays, since it fixes the layers' order.
      if (inner || block.prelude.trim().startsWith("@layer")) out += `${block.prelude}{${inner}}`;
    }
  }
  return out;
}

const parsed = new Map<string, Block[]>();

/** The sheet read into blocks, once per distinct text (a process has one or two sheets). */
function blocksOf(css: string): Block[] {
  let blocks = parsed.get(css);
  if (!blocks) {
    blocks = parseBlocks(css, false);
    if (parsed.size > 4) parsed.clear();
    parsed.set(css, blocks);
  }
  return blocks;
}

/** The stylesheet with only the utilities whose classes are all in `used`. */
export function stylesheetSubset(css: string, used: ReadonlySet<string>): string {
  return serialise(blocksOf(css), (name) => used.has(name));
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Every class named in the HTML's class attributes (as React writes them: double quotes, entities). */
export function classesInHtml(html: string): Set<string> {
  const used = new Set<string>();
  for (const [, value = ""] of html.matchAll(CLASS_ATTRIBUTE)) {
    const decoded = value.replace(ENTITY, (_, dec?: string, hex?: string, name?: string) =>
      dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (NAMED[name ?? ""] ?? ""),
    );
    for (const name of decoded.split(/\s+/)) if (name) used.add(name);
  }
  return used;
}
