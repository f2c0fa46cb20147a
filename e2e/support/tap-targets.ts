import type { Page } from "@playwright/test";

/** WCAG 2.5.5 (AAA) and the platforms' guidelines: a finger needs 44 × 44 CSS px. */
export const MIN_TARGET_PX = 44;

export interface TapTargetOptions {
  /**
   * Check only the controls inside this element (an open dialog, drawer or menu); the page behind
   * it is inert then. Without it, every control of the page outside closed or inert parts.
   */
  within?: string;
}

interface Scan {
  within: string | null;
  minPx: number;
}

/**
 * Everything on the page a finger would miss or could not reach, as readable lines (an empty list
 * when all is well):
 * - "small": a visible button, link or field smaller than 44 × 44 px, unless its real hit area
 *   (measured with elementFromPoint, so padding or a ::before that extends the box counts) is that
 *   large. Links inline in running text are excepted (WCAG 2.5.8's inline exception).
 * - "covered": a fixed or sticky element (the top bar, the chat button, back to top, a toast) lies
 *   over a control, on the first screen or once the control is scrolled to the middle of the
 *   screen (or as near as the page's end allows).
 * The page is scrolled through and left scrolled back at the top.
 */
export async function tapTargetProblems(page: Page, options: TapTargetOptions = {}): Promise<string[]> {
  await page.waitForLoadState("load");
  const scan: Scan = { within: options.within ?? null, minPx: MIN_TARGET_PX };
  return page.evaluate(async ({ within, minPx }) => {
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"], [tabindex]:not([tabindex="-1"])';
    const problems = new Set<string>();
    const root: ParentNode = within ? (document.querySelector(within) ?? document) : document;

    // Scroll listeners (back to top, the top bar's buttons) and React need a frame or two.
    const settle = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 30))));

    function describe(element: Element): string {
      const name =
        element.getAttribute("aria-label") ??
        (element instanceof HTMLInputElement && element.labels?.[0] ? element.labels[0].textContent : null) ??
        element.textContent ??
        "";
      const text = name.replace(/\s+/g, " ").trim().slice(0, 50);
      return `${element.tagName.toLowerCase()}${text ? ` "${text}"` : ""}`;
    }

    /** The box a tap on this control lands in: a checkbox or radio inside its label is hit through the label. */
    function hitElement(element: Element): Element {
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        return element.closest("label") ?? element;
      }
      return element;
    }

    function shown(element: Element): boolean {
      if (!element.isConnected) return false;
      if (element.closest('[inert], [aria-hidden="true"], [hidden]')) return false;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
      const rect = element.getBoundingClientRect();
      // A 1 px box is visually hidden on purpose (the skip link until it has focus).
      return rect.width > 1 && rect.height > 1;
    }

    /** A link inside a sentence: its line box is the text's, and WCAG lets it be as tall as the text. */
    function inlineInText(element: Element): boolean {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
      const own = (element.textContent ?? "").trim().length;
      const around = (block?.textContent ?? "").trim().length;
      return around > own;
    }

    function layerOf(element: Element | null, control: Element): Element | null {
      for (let node = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return node.contains(control) ? null : node;
      }
      return null;
    }

    function inFixedLayer(element: Element): boolean {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return true;
      }
      return false;
    }

    function inViewport(rect: DOMRect): boolean {
      return rect.bottom > 0 && rect.right > 0 && rect.top < window.innerHeight && rect.left < window.innerWidth;
    }

    /** The fixed or sticky element over the control's visible part, if any. */
    function coveredBy(control: Element): Element | null {
      const target = hitElement(control);
      const rect = target.getBoundingClientRect();
      const left = Math.max(rect.left, 0) + 2;
      const right = Math.min(rect.right, window.innerWidth) - 2;
      const top = Math.max(rect.top, 0) + 2;
      const bottom = Math.min(rect.bottom, window.innerHeight) - 2;
      if (left >= right || top >= bottom) return null;
      const points: [number, number][] = [
        [(left + right) / 2, (top + bottom) / 2],
        [left, top],
        [right, top],
        [left, bottom],
        [right, bottom],
      ];
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || target.contains(hit) || control.contains(hit)) continue;
        const cover = layerOf(hit, control);
        if (cover) return cover;
      }
      return null;
    }

    /** Whether taps anywhere in the 44 px square around the control's centre land on it. */
    function hitAreaLargeEnough(control: Element): boolean {
      const target = hitElement(control);
      const rect = target.getBoundingClientRect();
      const cx = rect.left + rect.width / 2;
      const cy = rect.top + rect.height / 2;
      const half = minPx / 2 - 1;
      const points: [number, number][] = [];
      for (const dx of [-half, 0, half]) for (const dy of [-half, 0, half]) points.push([cx + dx, cy + dy]);
      return points.every(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (target.contains(hit) || control.contains(hit));
      });
    }

    function checkCover(control: Element, where: string) {
      const cover = coveredBy(control);
      if (cover) problems.add(`covered: ${describe(control)} lies under fixed ${describe(cover)} (${where})`);
    }

    function collect(): Element[] {
      return [...root.querySelectorAll(CONTROLS)].filter(shown);
    }

    function scrollToMiddle(control: Element) {
      if (within) {
        // Dialogs and menus scroll inside themselves.
        control.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
        return;
      }
      // The window only: scrollIntoView would also move overflow-hidden boxes such as carousels.
      const rect = hitElement(control).getBoundingClientRect();
      window.scrollTo({ top: window.scrollY + rect.top - (window.innerHeight - rect.height) / 2, behavior: "instant" });
    }

    await document.fonts.ready;
    window.scrollTo({ top: 0, behavior: "instant" });
    await settle();

    // The first screen, as the page opens.
    const atTop = collect();
    for (const control of atTop) {
      if (inViewport(hitElement(control).getBoundingClientRect())) checkCover(control, "first screen");
    }

    // Controls that appear only once the page is scrolled (back to top, the top bar's sales buttons).
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
    await settle();
    const seen = new Set(atTop);
    const controls = [...atTop, ...collect().filter((control) => !seen.has(control))];

    for (const control of controls) {
      if (!shown(control) || inlineInText(control)) continue;
      // Controls of the top bar or a floating button move with the screen: no scrolling brings them nearer.
      if (!inFixedLayer(control)) {
        scrollToMiddle(control);
        await settle();
        if (!shown(control)) continue;
      }
      const rect = hitElement(control).getBoundingClientRect();
      if (!inViewport(rect)) continue;
      const centre = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      const cover = coveredBy(control);
      if (cover) {
        problems.add(`covered: ${describe(control)} lies under fixed ${describe(cover)} (scrolled into view)`);
        continue;
      }
      // Clipped away (a carousel slide off to the side): not there for a finger.
      if (!centre || !(hitElement(control).contains(centre) || control.contains(centre))) continue;
      const small = rect.width < minPx - 0.5 || rect.height < minPx - 0.5;
      if (small && !hitAreaLargeEnough(control)) {
        problems.add(`small: ${describe(control)} is ${Math.round(rect.width)}×${Math.round(rect.height)} px`);
      }
    }

    window.scrollTo({ top: 0, behavior: "instant" });
    await settle();
    return [...problems];
  }, scan);
}
