import { ROUTES, productPath } from "@/lib/config/routes";
import { expect, test } from "./fixtures";
import { signInAsOperator } from "./shop-api";

// The console's Searches page: what was searched and found nothing, and the synonyms the operator keeps.
test("the operator sees a search that found nothing, adds a synonym for it, and the search finds the product", async ({
  page,
  playwright,
  baseURL,
}) => {
  // Letters only: a token with four digits or more reads as a purifier's serial, which the query log
  // never stores (isPrivateQuery), and a base-36 timestamp has that many on some days.
  const word = `flask${[...Date.now().toString(36)].map((char) => (/\d/.test(char) ? "abcdefghij"[Number(char)] : char)).join("")}`;
  await page.goto(`${ROUTES.search}?q=${word}`);
  await expect(page.getByRole("heading", { name: /Nothing found/ })).toBeVisible();

  await signInAsOperator(page);
  await page.goto(ROUTES.consoleSearches);
  await expect(page.getByRole("heading", { level: 1, name: "Searches" })).toBeVisible();
  // Searches are counted as they are served and written every few seconds (query-log.ts).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("link", { name: word }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  const form = page.getByRole("form", { name: "Add a synonym" });
  await form.getByLabel("When a visitor types").fill(word);
  await form.getByLabel("Also search for").fill("carafe");
  await form.getByRole("button", { name: "Add synonym" }).click();
  await expect(page.getByText("Added. Searches use it from now on.")).toBeVisible();
  // Its row in the synonyms' table (the query tables name the word too, never with "carafe").
  const synonymRow = page.getByRole("row").filter({ hasText: word }).filter({ hasText: "carafe" });
  await expect(synonymRow).toBeVisible();

  await page.goto(`${ROUTES.search}?q=${word}`);
  await expect(
    page
      .getByRole("region", { name: /Products/ })
      .getByRole("link", { name: /carafe/i })
      .first(),
  ).toBeVisible();
  // And for a visitor without a session, whose results page for the word was cached with nothing found.
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    const html = await (await visitor.get(`${ROUTES.search}?q=${word}`)).text();
    expect(html).not.toContain("Nothing found");
    expect(html).toContain(`href="${productPath("LW-ACC-CARAFE")}"`);
  } finally {
    await visitor.dispose();
  }

  await page.goto(ROUTES.consoleSearches);
  await page
    .getByRole("form", { name: `Remove the synonym ${word}` })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(synonymRow).toHaveCount(0);
});
