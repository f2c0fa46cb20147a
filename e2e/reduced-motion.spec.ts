import type { Page } from "@playwright/test";
import { PURIFIER_SKU } from "@/lib/config/store";
import { ROUTES, productPath } from "@/lib/config/routes";
import { expect, scrollToY, test } from "./fixtures";

// A visitor whose system asks for less motion (prefers-reduced-motion: reduce) sees nothing glide,
// slide or spin: what scripts move jumps to where it ends, and the stylesheet stops transitions and
// animations. Each check looks at the very next frames, where motion would show.

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
});

/** Where `read` stands two frames from now and once things have settled: equal when nothing moves. */
async function nextFramesAndSettled(page: Page, read: () => Promise<number>): Promise<[number, number]> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  const soon = await read();
  await page.waitForTimeout(700);
  return [soon, await read()];
}

test("back to top jumps to the top", async ({ page }) => {
  await page.goto(ROUTES.policy);
  await scrollToY(page, 1500);
  await page.getByRole("button", { name: "Back to top" }).click();
  const [soon, settled] = await nextFramesAndSettled(page, () => page.evaluate(() => window.scrollY));
  expect(settled).toBe(0);
  expect(soon, "already at the top two frames after the click").toBe(0);
});

test("the home carousel changes its slides at once", async ({ page }) => {
  await page.goto(ROUTES.home);
  const carousel = page.getByRole("region", { name: "Lenwell purifier and filter images" });
  await carousel.scrollIntoViewIfNeeded();
  const next = carousel.getByRole("button", { name: "Next images" });
  await expect(next).toBeEnabled();
  const first = carousel.getByTestId("carousel-slide").first();
  const before = (await first.boundingBox())?.x ?? 0;
  await next.click();
  const [soon, settled] = await nextFramesAndSettled(page, async () => (await first.boundingBox())?.x ?? 0);
  expect(settled, "the slides moved").toBeLessThan(before - 50);
  expect(soon, "and were there two frames after the click").toBe(settled);
});

test("the product gallery changes its picture at once", async ({ page }) => {
  await page.goto(productPath(PURIFIER_SKU));
  const gallery = page.getByRole("region", { name: /RO600.* images$/ });
  const thumb = (index: number) => gallery.getByRole("button", { name: new RegExp(`^Show picture ${index + 1} of`) });
  // The gallery's script arrives after the page: the second picture is shown once a click takes.
  await expect(async () => {
    await thumb(1).click();
    await expect(thumb(1)).toHaveAttribute("aria-current", "true", { timeout: 1_000 });
  }).toPass();
  const first = gallery.getByTestId("gallery-picture").first();
  await page.waitForTimeout(700);
  const before = (await first.boundingBox())?.x ?? 0;
  await thumb(0).click();
  const [soon, settled] = await nextFramesAndSettled(page, async () => (await first.boundingBox())?.x ?? 0);
  expect(settled, "the pictures moved").toBeGreaterThan(before + 50);
  expect(soon, "and were there two frames after the click").toBe(settled);
});

test("the stylesheet stops spinners and transitions", async ({ page }) => {
  await page.goto(ROUTES.home);
  const timings = await page.evaluate(() => {
    const probe = document.createElement("span");
    probe.className = "animate-spin transition-colors duration-300";
    document.body.append(probe);
    const style = getComputedStyle(probe);
    const result = { animation: parseFloat(style.animationDuration), transition: parseFloat(style.transitionDuration) };
    probe.remove();
    return result;
  });
  // 0.01 ms: the animation still ends (scripts waiting for animationend go on), it is never seen.
  expect(timings.animation).toBeLessThan(0.001);
  expect(timings.transition).toBeLessThan(0.001);
});
