import { expect, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { headingsOf, navigationNames, outlineProblems } from "./support/page-outline";
import { SHOP_ROUTES } from "./support/page-routes";

// What a screen-reader user moves by on every kind of page: the headings (one h1, no level skipped
// on the way down), the landmarks (one main; the shop's banner and footer, or the console's frame,
// which has neither; every navigation named when there are several), the title in the tab, and
// axe's whole rule set on each of them.

test.describe("page structure", () => {
  for (const route of SHOP_ROUTES) {
    test(`${route.name}: one h1, no skipped heading level, its landmarks, a title that names it, and no axe violation`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      // The records some pages show (a delivered order, a return request) are made first.
      test.slow();
      const path = await route.open({ page, playwright, baseURL });
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(route.missing ? 404 : 200);
      await page.waitForLoadState("load");
      // A missing record's 404 is rendered by the browser alone, after its stylesheet has loaded:
      // "load" can come before it is on screen.
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();

      const headings = await headingsOf(page);
      const outline = headings.map(({ level, text }) => `h${level} ${text}`);
      expect(outlineProblems(headings), outline.join("\n")).toEqual([]);

      await expect(page.getByRole("main")).toHaveCount(1);
      const shopBar = route.frame === "shop" ? 1 : 0;
      await expect(page.getByRole("banner"), "the top bar").toHaveCount(shopBar);
      await expect(page.getByRole("contentinfo"), "the footer").toHaveCount(route.frame === "console" ? 0 : 1);
      const navigations = await navigationNames(page);
      if (navigations.length > 1) {
        expect(
          navigations.filter((name) => name === ""),
          `navigations: ${JSON.stringify(navigations)}`,
        ).toEqual([]);
        expect(new Set(navigations).size, `navigations: ${JSON.stringify(navigations)}`).toBe(navigations.length);
      }

      await expect(page).toHaveTitle(route.title);
      // And axe, at every impact, on the very same route: every page the list names is judged. A
      // missing record's 404 is the browser's own render of Next's error shell: it failed here
      // while that render had no stylesheet (its links were 17 px tall).
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
