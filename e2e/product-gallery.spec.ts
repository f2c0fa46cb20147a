import type { Locator, Page } from "@playwright/test";
import { FILTER_SKUS } from "@/lib/config/catalog";
import { productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { expect, isMobileProject, test } from "./fixtures";
import { axeViolations } from "./support/axe";

// The product page's gallery: one large picture (the page's LCP) and, for a product with several,
// thumbnails, arrow keys and swipe. Driven with real clicks, keys and touches.

const PICTURES = 3;

async function openGallery(page: Page) {
  await page.goto(productPath(PURIFIER_SKU));
  const gallery = page.getByRole("region", { name: /RO600.* images$/ });
  const pictures = gallery.getByTestId("gallery-picture");
  const thumb = (index: number) => gallery.getByRole("button", { name: `Show picture ${index + 1} of ${PICTURES}` });
  return { gallery, pictures, thumb };
}

/** The picture the large frame shows: the one whose left edge sits at the frame's. */
async function shownPicture(gallery: Locator, pictures: Locator): Promise<number> {
  const frame = await gallery.locator("> div").first().boundingBox();
  for (let index = 0; index < PICTURES; index += 1) {
    const box = await pictures.nth(index).boundingBox();
    if (box && frame && Math.abs(box.x - frame.x) < 4) return index;
  }
  return -1;
}

/** Waits until the gallery's script has arrived: until a thumbnail click takes effect. */
async function choose(thumb: Locator) {
  await expect(async () => {
    await thumb.click();
    await expect(thumb).toHaveAttribute("aria-current", "true", { timeout: 1_000 });
  }).toPass();
}

test("the purifier's page shows one large square picture, asked for first, and a thumbnail for each", async ({ page }, testInfo) => {
  const { gallery, pictures, thumb } = await openGallery(page);
  await expect(pictures).toHaveCount(PICTURES);
  const main = pictures.first().getByRole("img");
  await expect(main).toHaveAttribute("fetchpriority", "high");
  await expect(main).toHaveAttribute("loading", "eager");
  const box = await main.boundingBox();
  if (!box) throw new Error("the main picture is not laid out");
  // Half the page column on a desktop, the screen's width on a phone: no 200 px tiles.
  expect(box.width).toBeGreaterThan(isMobileProject(testInfo.project.name) ? 340 : 500);
  expect(Math.abs(box.height - box.width)).toBeLessThan(2);
  expect(await shownPicture(gallery, pictures)).toBe(0);

  for (let index = 0; index < PICTURES; index += 1) {
    await expect(thumb(index)).toBeVisible();
    const size = await thumb(index).boundingBox();
    expect(size?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(size?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
  await expect(thumb(0)).toHaveAttribute("aria-current", "true");
  await expect(gallery.locator("[aria-current]")).toHaveCount(1);
});

test("a thumbnail shows its picture, and the arrow keys, Home and End move between them", async ({ page }) => {
  const { gallery, pictures, thumb } = await openGallery(page);
  await choose(thumb(1));
  await expect.poll(() => shownPicture(gallery, pictures)).toBe(1);
  await expect(thumb(0)).not.toHaveAttribute("aria-current");

  await thumb(1).focus();
  await page.keyboard.press("ArrowRight");
  await expect(thumb(2)).toHaveAttribute("aria-current", "true");
  await expect(thumb(2)).toBeFocused();
  await expect.poll(() => shownPicture(gallery, pictures)).toBe(2);
  // At the last picture the arrow goes round to the first.
  await page.keyboard.press("ArrowRight");
  await expect(thumb(0)).toHaveAttribute("aria-current", "true");
  await expect(thumb(0)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(thumb(2)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("Home");
  await expect(thumb(0)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("End");
  await expect(thumb(2)).toHaveAttribute("aria-current", "true");
  await expect.poll(() => shownPicture(gallery, pictures)).toBe(2);
});

test("swiping the large picture (a finger on phones, a mouse drag on desktops) shows the next one", async ({ page }, testInfo) => {
  const { gallery, pictures, thumb } = await openGallery(page);
  // A thumbnail that takes effect proves the script is there; the first one then brings the gallery back.
  await choose(thumb(1));
  await choose(thumb(0));
  await expect.poll(() => shownPicture(gallery, pictures)).toBe(0);
  const main = await pictures.first().boundingBox();
  if (!main) throw new Error("the main picture is not laid out");
  const y = main.y + main.height / 2;
  const from = main.x + main.width * 0.8;
  const to = main.x + main.width * 0.2;
  if (isMobileProject(testInfo.project.name)) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 8; step += 1) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from + ((to - from) * step) / 8, y }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  } else {
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(to, y, { steps: 8 });
    await page.mouse.up();
  }
  await expect(thumb(1)).toHaveAttribute("aria-current", "true");
  await expect.poll(() => shownPicture(gallery, pictures)).toBe(1);
});

test("a product with one picture shows it large, without thumbnails", async ({ page }) => {
  await page.goto(productPath(FILTER_SKUS.membrane));
  const gallery = page.getByRole("region", { name: / images$/ });
  await expect(gallery.getByTestId("gallery-picture")).toHaveCount(1);
  await expect(gallery.getByRole("button")).toHaveCount(0);
  await expect(gallery.getByRole("img")).toHaveAttribute("fetchpriority", "high");
});

test("the gallery, once live, has no accessibility violation of any impact", async ({ page }) => {
  const { thumb } = await openGallery(page);
  await choose(thumb(1));
  expect(await axeViolations(page, { within: '[aria-roledescription="carousel"]' })).toEqual([]);
});
