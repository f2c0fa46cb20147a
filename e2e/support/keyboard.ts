import { expect, type Locator, type Page } from "@playwright/test";

// Keyboard journeys: focus moves only by the keys a keyboard user presses, and every stop it makes
// has to be seen. These helpers read the screen; they never click or fill.

interface FocusStop {
  /** The focused element in words a failure message can show ("button Cart"). */
  label: string;
  /** Why a sighted keyboard user would not see where focus is, or null when they would. */
  problem: string | null;
}

/** Where focus is now, and whether its ring shows (an outline, or a box-shadow ring drawn with no blur). */
async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) {
      // Tab past the last control leaves the document for the browser's own toolbar: nothing to ring.
      return { label: "the page itself", problem: null };
    }
    const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
    const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${name}"`;
    const style = getComputedStyle(element);
    const transparent = (color: string) => color === "transparent" || /^rgba\(.*,\s*0\)$/.test(color);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1 && !transparent(style.outlineColor);
    // A ring is a shadow with a spread and no blur (Tailwind's ring-*); a soft drop shadow is not one.
    const ring = style.boxShadow
      .split(/,(?![^(]*\))/)
      .map((shadow) => shadow.trim())
      .some((shadow) => {
        const color = /rgba?\([^)]*\)/.exec(shadow)?.[0] ?? "";
        const lengths = (shadow.replace(color, "").match(/-?[\d.]+px/g) ?? []).map((length) => parseFloat(length));
        const [, , blur = 0, spread = 0] = lengths;
        return color !== "" && !transparent(color) && blur === 0 && spread >= 1;
      });
    const box = element.getBoundingClientRect();
    const shown = element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && box.width > 1 && box.height > 1;
    const problem = !shown ? "it is not visible" : !outline && !ring ? "it has no focus outline or ring" : null;
    return { label, problem };
  });
}

/** The focused element shows that it has focus: a visible element with an outline or a ring. */
export async function expectFocusVisible(page: Page): Promise<void> {
  const stop = await focusStop(page);
  expect(stop.problem, `focus on ${stop.label}`).toBeNull();
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has focus, checking the focus ring at
 * every stop on the way; fails with the list of stops when `max` presses never reach it.
 */
export async function tabTo(page: Page, target: Locator, { max = 40, backwards = false }: { max?: number; backwards?: boolean } = {}) {
  await expect(target).toBeVisible();
  const stops: string[] = [];
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const stop = await focusStop(page);
    stops.push(stop.label);
    expect(stop.problem, `focus on ${stop.label}, after ${stops.join(" → ")}`).toBeNull();
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of ${backwards ? "Shift+Tab" : "Tab"} never reached ${target.toString()}: ${stops.join(" → ")}`);
}

/** Focuses `target` by Tab and presses `key` on it (Enter for a link or button, Space for a checkbox). */
export async function tabAndPress(page: Page, target: Locator, key = "Enter", options: { max?: number; backwards?: boolean } = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/** Focuses a field by Tab and types into it, key by key. */
export async function tabAndType(page: Page, field: Locator, text: string, options: { max?: number; backwards?: boolean } = {}) {
  await tabTo(page, field, options);
  await page.keyboard.type(text);
}

/**
 * While a dialog or drawer is open, Tab and Shift+Tab go round inside it: twice as many presses as
 * it has controls, each way, never leave it, and every stop shows its ring.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const controls = await dialog.evaluate(
    (element) =>
      [
        ...element.querySelectorAll<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
        ),
      ].filter((control) => control.checkVisibility()).length,
  );
  expect(controls, "controls in the dialog").toBeGreaterThan(0);
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let press = 0; press < controls * 2; press += 1) {
      await page.keyboard.press(key);
      const stop = await focusStop(page);
      expect(await isFocused(dialog), `${key} ${press + 1}: focus left the dialog for ${stop.label}`).toBe(true);
      expect(stop.problem, `focus on ${stop.label}`).toBeNull();
    }
  }
}
