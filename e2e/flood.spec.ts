import { randomUUID } from "node:crypto";
import { PROOF_OF_WORK } from "@/lib/config/auth";
import { ROUTES } from "@/lib/config/routes";
import { PROOF_HEADER, PROOF_REQUIRED_STATUS } from "@/lib/proof-of-work/protocol";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";

// Runs after every other project (playwright.config.ts): it leaves the server asking everyone for
// a proof of work for a minute.

const BURST = 400;
// The e2e server runs with the default PROOF_OF_WORK_LOGIN_FAILURES_PER_MINUTE.
const FAILURES_PER_MINUTE = PROOF_OF_WORK.defaultLoginFailuresPerMinute;

test("a customer's browser logs in within seconds during a burst of wrong logins, proving its work by itself", async ({ page }) => {
  test.slow();
  await page.goto(ROUTES.login);
  await page.getByLabel("E-mail", { exact: true }).fill(DEMO_CUSTOMER.email);
  await page.getByLabel("Password").fill(DEMO_CUSTOMER.password);
  const loginCalls: { status: number; proof: string | null }[] = [];
  page.on("response", (response) => {
    if (!response.url().includes("/api/v1/c/ulogin/login")) return;
    loginCalls.push({ status: response.status(), proof: response.request().headers()[PROOF_HEADER.toLowerCase()] ?? null });
  });

  // The burst: made-up e-mails, so no account's own limit is what stops it, all sent at once and
  // none solving the puzzle it is set.
  const started = Date.now();
  const burst = Promise.all(
    Array.from({ length: BURST }, async () => {
      const answer = await page.request.post("/api/v1/c/ulogin/login", {
        data: { email: `flood-${randomUUID()}@example.com`, password: "not the password" },
        timeout: 60_000,
      });
      return answer.status();
    }),
  );

  // The customer, a second in.
  await page.waitForTimeout(Math.max(0, 1_000 - (Date.now() - started)));
  const clicked = Date.now();
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  const signedInMs = Date.now() - clicked;
  // The first answer set a puzzle; the browser solved it and the same login went through.
  expect(loginCalls.map((call) => call.status)).toEqual([PROOF_REQUIRED_STATUS, 200]);
  expect(loginCalls[1]?.proof).toMatch(/^\d+:/);

  // The burst was counted before any password was checked: the threshold's worth at most was
  // (401), the rest were asked for the puzzle, and nothing waited long enough for a 503.
  const statuses = await burst;
  const checked = statuses.filter((status) => status === 401).length;
  expect(statuses.filter((status) => status === 503)).toEqual([]);
  expect(checked).toBeLessThanOrEqual(FAILURES_PER_MINUTE);
  expect(statuses.filter((status) => status === PROOF_REQUIRED_STATUS)).toHaveLength(BURST - checked);
  test.info().annotations.push({
    type: "flood",
    description: `${checked} of ${BURST} checked; the customer was in ${signedInMs} ms after the click`,
  });
});
