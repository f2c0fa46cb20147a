import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import GlobalError from "@/app/global-error";
import { searchPath } from "@/lib/config/routes";
import { postgresAdminQuery, startShop, type ShopServer } from "@/scripts/bench/shop-server";
import { expect, isMobileProject, test } from "./fixtures";
import { axeViolations } from "./support/axe";
import { headingsOf, outlineProblems } from "./support/page-outline";
import { tapTargetProblems } from "./support/tap-targets";

// The error page as a visitor meets it: the shop's database goes out of reach while they search.
// The same build is started on a PostgreSQL database of its own, which the test closes to new
// connections and empties of open ones (a real outage: the pool's connects are refused), then opens
// again. Judged as every other page is (outline, landmarks, title, axe at every impact, tap targets),
// and its "Try again" must bring the page back once the database is.

// Beside the e2e server (E2E_PORT), the OpenID issuer (+1), the https shop (+2), the traced shop (+3),
// the Stripe projects' (+4, +5) and the logging shop (+6): one shop per viewport.
const portFor = (projectName: string) => Number(process.env.E2E_PORT ?? 3100) + (isMobileProject(projectName) ? 8 : 7);
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";

test.use({ baseURL: async ({}, provide, testInfo) => provide(`http://127.0.0.1:${portFor(testInfo.project.name)}`) });

test.describe("the error page", () => {
  test.describe.configure({ mode: "serial" });
  let shop: ShopServer | null = null;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    shop = await startShop("postgres", portFor(testInfo.project.name));
  });
  test.afterAll(async () => shop?.stop());

  /** Closes the shop's database to connections and ends the open ones, or opens it again. */
  async function databaseReachable(reachable: boolean): Promise<void> {
    const name = new URL(shop?.databaseUrl ?? "postgres://invalid/none").pathname.slice(1);
    await postgresAdminQuery(POSTGRES_ADMIN_URL, `alter database ${name} allow_connections ${reachable}`);
    if (!reachable)
      await postgresAdminQuery(POSTGRES_ADMIN_URL, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
  }

  test("a database outage: the page says so in the shop's frame, passes every check, and Try again brings the page back", async ({
    page,
  }, testInfo) => {
    test.slow();
    const results = page
      .getByRole("region", { name: /Products/ })
      .getByRole("link")
      .first();
    const tryAgain = page.getByRole("button", { name: "Try again" });
    await page.goto(searchPath("replacement filter"));
    await expect(results).toBeVisible();

    await databaseReachable(false);
    try {
      const response = await page.goto(searchPath("ro membrane"));
      expect(response?.status(), "the answer to a page that failed").toBe(500);
      await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
      await expect(page).toHaveTitle(/^Something went wrong \| Lenwell$/);
      expect(outlineProblems(await headingsOf(page))).toEqual([]);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("banner"), "the top bar").toHaveCount(1);
      await expect(page.getByRole("contentinfo"), "the footer").toHaveCount(1);
      expect(await axeViolations(page)).toEqual([]);
      if (isMobileProject(testInfo.project.name)) expect(await tapTargetProblems(page)).toEqual([]);
      // Trying while the database is still away keeps the visitor on the error page, once the page's
      // new answer is in (until then the button says "Trying again…").
      const retried = page.waitForResponse((answer) => answer.request().headers()["rsc"] === "1");
      await tryAgain.click();
      await retried;
      await expect(tryAgain).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    } finally {
      await databaseReachable(true);
    }

    await tryAgain.click();
    await expect(results).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toHaveCount(0);
    // The same query either way: a form writes the space as +, the router may write it as %20.
    await expect(page).toHaveURL(/\/search\?q=ro(?:\+|%20)membrane$/);
  });
});

// The root layout's own failure cannot be caused from outside: its page (global-error.tsx, which
// brings its own document and rules) is drawn as the server would send it and judged in Chromium.
test("the page for a failed root layout passes axe at every impact, with one h1 and both ways on", async ({ page }) => {
  const markup = renderToStaticMarkup(
    createElement(GlobalError, { error: Object.assign(new Error("layout failed"), { digest: "4021337" }), retry: () => {} }),
  );
  await page.setContent(`<!doctype html>${markup}`);
  await expect(page).toHaveTitle("Something went wrong");
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("reference 4021337")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Home page" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await tapTargetProblems(page)).toEqual([]);
});
