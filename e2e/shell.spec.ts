import { ROUTES } from "@/lib/config/routes";
import { expect, isMobileProject, scrollToY, test } from "./fixtures";

test.describe("shared shell", () => {
  test("the back-to-top button appears after 100 px and glides to the top", async ({ page }) => {
    await page.goto(ROUTES.policy);
    const button = page.getByRole("button", { name: "Back to top" });
    await scrollToY(page, 100);
    await expect(button).toHaveCount(0);
    await scrollToY(page, 1500);
    await expect(button).toBeVisible();
    // Every position the page passes through on its way up, as the scroll events report them.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { scrolledThrough: number[] }).scrolledThrough = seen;
      window.addEventListener("scroll", () => seen.push(window.scrollY));
    });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    // Smooth: it passed through positions between where it was and the top, not in one jump. (Read
    // after the fact: on a busy machine two frames can be most of the glide.)
    const positions = await page.evaluate(() => (window as unknown as { scrolledThrough: number[] }).scrolledThrough);
    expect(positions.filter((y) => y > 0 && y < 1500).length, positions.join(", ")).toBeGreaterThan(0);
    await expect(button).toHaveCount(0);
  });

  test("every route change starts at the top of the new page", async ({ page }) => {
    await page.goto(ROUTES.policy);
    await scrollToY(page, 2000);
    await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/about\/faq$/);
    await page.waitForFunction(() => window.scrollY === 0);
  });

  test("a slow page load shows the full-screen spinner only after 800 ms", async ({ page }) => {
    await page.goto(ROUTES.aboutUs);
    // Hold the next page's server payload back for 2.5 s.
    await page.route(`**${ROUTES.faq}**`, async (route) => {
      if (route.request().headers()["rsc"]) await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    const spinner = page.getByTestId("loading-overlay");
    const started = Date.now();
    await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
    await expect(spinner).toBeVisible({ timeout: 2_400 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(790);
    await expect(page).toHaveURL(/\/about\/faq$/, { timeout: 10_000 });
    await expect(spinner).toHaveCount(0);
  });

  test("a quick page load never flashes the spinner", async ({ page }) => {
    await page.goto(ROUTES.aboutUs);
    await page.evaluate(() => {
      const seen = { spinner: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="loading-overlay"]')) seen.spinner = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator("footer").getByRole("link", { name: "Contact us" }).click();
    await expect(page).toHaveURL(/\/about\/contactus$/);
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => (window as unknown as { __seen: { spinner: boolean } }).__seen.spinner)).toBe(false);
  });

  test("the home carousel shows 3 images on desktop and 2 on phones, loops and has arrows", async ({ page }, info) => {
    await page.goto(ROUTES.home);
    const carousel = page.getByRole("region", { name: "Lenwell purifier and filter images" });
    // Embla loads once the carousel comes near the viewport and then takes over the server's
    // elements: the arrows turn on once it has, and only then is there a carousel to drive.
    const ready = () => expect(carousel.getByRole("button", { name: "Next images" })).toBeEnabled();
    await carousel.scrollIntoViewIfNeeded();
    await ready();
    const slides = carousel.getByTestId("carousel-slide");
    const total = await slides.count();
    expect(total).toBeGreaterThan(3);
    const viewport = await carousel.locator("> div").first().boundingBox();
    const countVisible = async () => {
      let visible = 0;
      for (let index = 0; index < total; index += 1) {
        const box = await slides.nth(index).boundingBox();
        if (box && viewport && box.x >= viewport.x - 20 && box.x + box.width <= viewport.x + viewport.width + 20) visible += 1;
      }
      return visible;
    };
    expect(await countVisible()).toBe(isMobileProject(info.project.name) ? 2 : 3);

    const first = await slides.first().boundingBox();
    await carousel.getByRole("button", { name: "Next images" }).click();
    await expect.poll(async () => (await slides.first().boundingBox())?.x).toBeLessThan((first?.x ?? 0) - 50);
    // Looping: "previous" from the first slide is allowed and brings the last slide into view.
    await page.reload();
    await carousel.scrollIntoViewIfNeeded();
    await ready();
    await carousel.getByRole("button", { name: "Previous images" }).click();
    await expect
      .poll(async () => {
        const box = await slides.last().boundingBox();
        return Boolean(box && viewport && box.x >= viewport.x - 20 && box.x < viewport.x + viewport.width);
      })
      .toBe(true);
  });

  test("the home carousel's script waits until the shopper gets near it", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(ROUTES.home, { waitUntil: "load" });
    const carousel = page.getByRole("region", { name: "Lenwell purifier and filter images" });
    const box = await carousel.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    expect(box?.y ?? 0, "the carousel starts below the fold").toBeGreaterThan(height + 300);
    // The page has started and settled: its own scripts ran, the frame is the server's and idle.
    await page.waitForLoadState("networkidle");
    const loadedAtStart = scripts.length;
    await expect(carousel.getByRole("button", { name: "Next images" })).toBeDisabled();
    const firstSlide = await carousel.getByTestId("carousel-slide").first().elementHandle();
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole("button", { name: "Next images" })).toBeEnabled();
    expect(scripts.length, "Embla arrives when the carousel is near").toBeGreaterThan(loadedAtStart);
    // It took over the server's slides instead of drawing them again.
    expect(await firstSlide?.evaluate((node) => node.isConnected)).toBe(true);
  });

  test("every home carousel card has a caption, and the cards stand the same height", async ({ page }) => {
    await page.goto(ROUTES.home);
    const carousel = page.getByRole("region", { name: "Lenwell purifier and filter images" });
    await carousel.scrollIntoViewIfNeeded();
    // Read in one go: the slides sit side by side, most of them outside the carousel's window.
    const cards = await carousel
      .getByTestId("carousel-slide")
      .locator("figure")
      .evaluateAll((figures) =>
        figures.map((figure) => ({
          caption: figure.querySelector("figcaption")?.textContent?.trim() ?? "",
          height: Math.round(figure.getBoundingClientRect().height),
        })),
      );
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.filter((card) => card.caption === "")).toEqual([]);
    const heights = cards.map((card) => card.height);
    expect(new Set(heights).size, `card heights ${heights.join(", ")}`).toBe(1);
  });

  test("the contact block shows the e-mail, phone, hours and Houston on the map", async ({ page }) => {
    await page.goto(ROUTES.contact);
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "support@lenwell.example" })).toHaveAttribute("href", "mailto:support@lenwell.example");
    await expect(main.getByRole("link", { name: "+1 713 555 0147" })).toHaveAttribute("href", "tel:+17135550147");
    await expect(main.getByText("Monday to Saturday, 9 AM to 7 PM")).toBeVisible();
    const map = main.getByRole("img", { name: /Map of the United States/ });
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute("src", "/maps/us-states.svg");
    await expect.poll(() => map.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const marker = main.getByTestId("map-marker");
    await expect(marker).toHaveText("Houston");
    // Houston sits in south-east Texas: a bit left of the middle of the map, low down.
    const mapBox = await map.boundingBox();
    const markerBox = await marker.boundingBox();
    if (!mapBox || !markerBox) throw new Error("map not laid out");
    const x = (markerBox.x + markerBox.width / 2 - mapBox.x) / mapBox.width;
    const y = (markerBox.y + markerBox.height - mapBox.y) / mapBox.height;
    expect(x).toBeGreaterThan(0.45);
    expect(x).toBeLessThan(0.6);
    expect(y).toBeGreaterThan(0.7);
    expect(y).toBeLessThan(0.9);
  });

  test("the map's geography comes from this site", async ({ request }) => {
    const svg = await request.get("/maps/us-states.svg");
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    expect((await svg.text()).length).toBeGreaterThan(10_000);
    const atlas = await request.get("/geo/us-states-10m.json");
    expect((await atlas.json()).objects.states.geometries.length).toBe(56);
  });

  test("copying the e-mail confirms with a toast at the top centre, under the top bar, that hides after 3 s", async ({
    page,
    context,
  }, info) => {
    test.skip(isMobileProject(info.project.name), "clipboard permissions are per context; one size is enough");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(ROUTES.contact);
    await page.locator("main").getByRole("button", { name: /Copy/ }).click();
    const toast = page.getByRole("status").filter({ hasText: "E-mail address copied" });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - width / 2)).toBeLessThan(4);
    const bar = await page.locator("header").boundingBox();
    expect(box?.y ?? 0).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 999));
    expect(box?.y ?? 999).toBeLessThan(100);
    await expect(toast).toHaveCount(0, { timeout: 4_000 });
  });

  test("the floating chat button opens a chat with the support number on every page (on a phone once scrolled)", async ({ page }, info) => {
    for (const path of [ROUTES.home, ROUTES.deals, ROUTES.repair]) {
      await page.goto(path);
      const chat = page.getByRole("link", { name: /Chat with Lenwell support/ });
      if (isMobileProject(info.project.name)) {
        // On a phone's first screen it would lie over the page's own buttons.
        await expect(chat).toBeHidden();
        await scrollToY(page, 200);
      }
      await expect(chat).toBeVisible();
      await expect(chat).toHaveAttribute("href", "https://wa.me/17135550147");
      await expect(chat).toHaveAttribute("target", "_blank");
    }
  });

  test("the footer carries the 2024 copyright line and the information links", async ({ page }) => {
    await page.goto(ROUTES.home);
    const footer = page.locator("footer");
    await expect(footer).toContainText("© 2024 Lenwell");
    for (const [name, href] of [
      ["About us", ROUTES.aboutUs],
      ["Privacy, terms and returns", ROUTES.policy],
      ["FAQ", ROUTES.faq],
      ["Contact us", ROUTES.contact],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });
});
