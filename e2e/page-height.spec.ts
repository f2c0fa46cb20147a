import { PUBLIC_PAGES, productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { CARE_SKU, FILTER_SKUS } from "@/lib/config/catalog";
import { expect, test } from "./fixtures";

// A long page must not grow or shrink under a reader's scroll. It did while its sections carried
// `content-visibility: auto` with size estimates standing in until drawn (the home page went from
// 6,523 to 4,784 px on a desktop), and again when measured estimates went stale with the next
// change of text (docs/decisions/0008-long-pages-laid-out-whole.md). Anything that draws late with
// a stand-in size is caught here.
const PAGES = [
  ...PUBLIC_PAGES.map((entry) => entry.path),
  productPath(PURIFIER_SKU),
  productPath(FILTER_SKUS.membrane),
  productPath(CARE_SKU),
];

const TOLERANCE = 0.01;

for (const path of PAGES) {
  test(`${path} keeps its height while it is scrolled to the bottom`, async ({ page }) => {
    // Some twenty steps of two frames each: a loaded machine needs more than the default 30 s.
    test.setTimeout(60_000);
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    // Half a screen at a time, as a reader scrolls, with two frames after each step: the browser
    // lays out a section that came near the viewport in the next frame. In one evaluate, so the
    // heights are read between frames and not between round trips.
    const { seen, blocks } = await page.evaluate(async () => {
      const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const root = document.documentElement;
      const heights = [root.scrollHeight];
      for (let step = 0; step < 200 && window.scrollY + window.innerHeight < root.scrollHeight - 1; step += 1) {
        window.scrollBy({ top: Math.round(window.innerHeight / 2), behavior: "instant" });
        await frames();
        heights.push(root.scrollHeight);
      }
      // Every block has been drawn now: for the message, the real height of each block that skips
      // its layout until it is near, beside the size it stood in with.
      const skipping = [...document.querySelectorAll<HTMLElement>("body *")].filter(
        (element) => getComputedStyle(element).contentVisibility === "auto",
      );
      const described = skipping.map((block) => {
        const name = block.id || block.getAttribute("aria-label") || block.tagName.toLowerCase();
        const estimate = getComputedStyle(block).containIntrinsicHeight;
        return `${name} ${Math.round(block.getBoundingClientRect().height)} px (estimate ${estimate})`;
      });
      return { seen: heights, blocks: described };
    });
    const first = seen[0] ?? 0;
    const worst = seen.reduce((far, value) => (Math.abs(value - first) > Math.abs(far - first) ? value : far), first);
    expect(
      Math.abs(worst - first) / first,
      `${path}: ${first} px at first, ${worst} px while scrolling (${seen.join(", ")}); ${blocks.join("; ")}`,
    ).toBeLessThanOrEqual(TOLERANCE);
  });
}
