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
 *   large, or no other control lies within 22 px of its centre (WCAG 2.5.8's spacing, at 44 px).
 *   Links inline in running text are held to it too.
 * - "covered": a fixed or sticky element (the top bar, the chat button, back to top, a toast) lies
 *   over a control, on the first screen or once the control is scrolled to the middle of the
 *   screen (or as near as the page's end allows).
 * The page is scrolled through and left scrolled back at the top.
 */
export async function tapTargetProblems(page: Page, options: TapTargetOptions = {}): Promise<string[]> {
  await page.waitForLoadState("load");
  // Toasts and alerts announce something and leave by themselves within 3 s (they sit under the top
  // bar, never over its controls); the page is judged as it stays.
  await page.waitForFunction(() => !document.querySelector('[aria-live] > [role="status"], [aria-live] > [role="alert"]'), null, {
    timeout: 6_000,
  });
  const scan: Scan = { within: options.within ?? null, minPx: MIN_TARGET_PX };
  return page.evaluate(async ({ within, minPx }) => {
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="radio"], [role="switch"], [tabindex]:not([tabindex="-1"])';
    const problems = new Set<string>();
    const root: ParentNode = within ? (document.querySelector(within) ?? document) : document;

    // Scroll listeners (back to top, the top bar's buttons) and React need a frame or two.
    const settle = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

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
      // Visually hidden on purpose (the skip link until it has focus).
      if (getComputedStyle(element).clip === "rect(0px, 0px, 0px, 0px)") return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1;
    }

    function layerOf(element: Element | null, control: Element): Element | null {
      for (let node = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return node.contains(control) ? null : node;
      }
      return null;
    }

    /** Fixed or sticky itself or inside such an element, below `root` (a dialog is fixed as a whole). */
    function inFixedLayer(element: Element): boolean {
      for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return true;
      }
      return false;
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

    /**
     * WCAG 2.5.8's spacing, at the shop's 44 px: every tap within 22 px of the control's centre lands
     * on it or on no other control. A link inside a sentence is as tall as its text, so this is how
     * it passes, or fails when another link sits just above or below it.
     */
    function spacedEnough(control: Element): boolean {
      const target = hitElement(control);
      // A link that wraps: the centre of its largest line.
      const box = [...target.getClientRects()].reduce<DOMRect>(
        (largest, rect) => (rect.width * rect.height > largest.width * largest.height ? rect : largest),
        target.getBoundingClientRect(),
      );
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const half = minPx / 2 - 1;
      const steps = [-half, -half / 2, 0, half / 2, half];
      for (const dx of steps) {
        for (const dy of steps) {
          const hit = document.elementFromPoint(cx + dx, cy + dy);
          if (!hit || target.contains(hit) || control.contains(hit)) continue;
          const other = hit.closest(CONTROLS);
          if (other && other !== control && !other.contains(control) && shown(other)) return false;
        }
      }
      return true;
    }

    function collect(): Element[] {
      return [...root.querySelectorAll(CONTROLS)].filter(shown);
    }

    /** The one thing scrolled: the window, or (with `within`) the dialog's own scrolling box. */
    const scroller: Element =
      (within &&
        [root, ...root.querySelectorAll("*")].find(
          (node): node is Element =>
            node instanceof Element && node.scrollHeight > node.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(node).overflowY),
        )) ||
      document.documentElement;
    const view = () =>
      scroller === document.documentElement
        ? { top: 0, bottom: window.innerHeight }
        : {
            top: Math.max(scroller.getBoundingClientRect().top, 0),
            bottom: Math.min(scroller.getBoundingClientRect().bottom, window.innerHeight),
          };

    function check(control: Element, where: string) {
      const target = hitElement(control);
      const rect = target.getBoundingClientRect();
      const cover = coveredBy(control);
      if (cover) {
        problems.add(`covered: ${describe(control)} lies under fixed ${describe(cover)} (${where})`);
        return;
      }
      const centre = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      // Clipped away (a carousel slide off to the side): not there for a finger.
      if (!centre || !(target.contains(centre) || control.contains(centre))) return;
      const small = rect.width < minPx - 0.5 || rect.height < minPx - 0.5;
      if (small && !hitAreaLargeEnough(control) && !spacedEnough(control)) {
        problems.add(
          `small: ${describe(control)} is ${Math.round(rect.width)}×${Math.round(rect.height)} px, with another control within 22 px of its centre`,
        );
      }
    }

    await document.fonts.ready;
    const max = scroller.scrollHeight - scroller.clientHeight;
    const step = Math.max((view().bottom - view().top) / 2, 100);
    const checked = new Set<Element>();
    // Half a screen at a time, top to bottom: each control is judged on the first screen, or once it
    // has come to the middle half of the screen (as a finger scrolls to it), or at the page's end.
    for (let y = 0; ; y = Math.min(y + step, max)) {
      scroller.scrollTo({ top: y, behavior: "instant" });
      await settle();
      const { top, bottom } = view();
      const height = bottom - top;
      const first = y === 0;
      const last = y >= max;
      for (const control of collect()) {
        if (checked.has(control)) continue;
        const rect = hitElement(control).getBoundingClientRect();
        if (rect.right <= 0 || rect.left >= window.innerWidth) continue;
        const fixed = inFixedLayer(control);
        const inside = rect.top >= top && rect.bottom <= bottom;
        const middle = rect.top + rect.height / 2;
        const centred = middle >= top + height / 4 && middle <= bottom - height / 4;
        if (!fixed && !(inside && (first || last || centred))) continue;
        checked.add(control);
        check(control, first && !fixed ? "first screen" : "scrolled into view");
      }
      if (y >= max) break;
    }

    scroller.scrollTo({ top: 0, behavior: "instant" });
    await settle();
    return [...problems];
  }, scan);
}
