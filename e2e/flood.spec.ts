import { randomUUID } from "node:crypto";
import { ROUTES } from "@/lib/config/routes";
import { PROOF_HEADER, PROOF_REQUIRED_STATUS } from "@/lib/proof-of-work/protocol";
import { DEMO_CUSTOMER, expect, test } from "./fixtures";

// Runs after every other project (playwright.config.ts): it leaves the server asking everyone for
// a proof of work for a minute.

test("during a flood of failed logins a customer's browser proves its work by itself and logs in", async ({ page }) => {
  test.slow();
  // The flood: made-up e-mails, so no account's own limit is what stops it, 8 at a time.
  let refusedWithoutProof = 0;
  for (let round = 0; round < 10; round += 1) {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        page.request.post("/api/v1/c/ulogin/login", { data: { email: `flood-${randomUUID()}@example.com`, password: "not the password" } }),
      ),
    );
    refusedWithoutProof += answers.filter((answer) => answer.status() === PROOF_REQUIRED_STATUS).length;
  }
  // Past the shop-wide mark the flood's unproven attempts were turned away without a hash.
  expect(refusedWithoutProof).toBeGreaterThan(0);

  const loginCalls: { status: number; proof: string | null }[] = [];
  page.on("response", (response) => {
    if (!response.url().includes("/api/v1/c/ulogin/login")) return;
    loginCalls.push({ status: response.status(), proof: response.request().headers()[PROOF_HEADER.toLowerCase()] ?? null });
  });
  await page.goto(ROUTES.login);
  await page.getByLabel("E-mail", { exact: true }).fill(DEMO_CUSTOMER.email);
  await page.getByLabel("Password").fill(DEMO_CUSTOMER.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The first answer set a puzzle; the browser solved it and the same login went through.
  expect(loginCalls.map((call) => call.status)).toEqual([PROOF_REQUIRED_STATUS, 200]);
  expect(loginCalls[1]?.proof).toMatch(/^\d+:/);
});
