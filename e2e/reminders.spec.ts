import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { GENERATED_AUTH_SECRET_PATH } from "@/lib/config/auth";
import { UNSUBSCRIBE_SIGN_PURPOSE, UNSUBSCRIBE_TOKEN_PARAM } from "@/lib/config/filter-shipments";
import { ROUTES } from "@/lib/config/routes";
import { expect, registerFreshCustomer, test } from "./fixtures";

// The reminders list as a customer meets it: the link at the end of a reminder e-mail opens a page
// that asks before it unsubscribes (opening it changes nothing), and the account page turns the
// reminders back on. The link is signed as the server signs it (lib/server/auth/signed.ts), with
// the key the e2e server generated on first start (GENERATED_AUTH_SECRET_PATH: it has no AUTH_SECRET).

function unsubscribeLink(userId: string): string {
  const secret = readFileSync(path.resolve(GENERATED_AUTH_SECRET_PATH), "utf8").trim();
  const body = Buffer.from(JSON.stringify({ u: userId, l: "reminders", exp: Math.floor(Date.now() / 1000) + 3600 })).toString("base64url");
  const signature = createHmac("sha256", `${UNSUBSCRIBE_SIGN_PURPOSE}\0${secret}`).update(body).digest("base64url");
  return `${ROUTES.unsubscribe}?${new URLSearchParams({ [UNSUBSCRIBE_TOKEN_PARAM]: `${body}.${signature}` }).toString()}`;
}

test("the unsubscribe link asks first, unsubscribes on the button, and the account page turns reminders back on", async ({ page }) => {
  const customer = await registerFreshCustomer(page);
  const profile = (await (await page.request.get("/api/v1/c/user/profile")).json()) as { data: { user: { id: string } } };
  const link = unsubscribeLink(profile.data.user.id);

  await page.goto(link);
  await expect(page.getByText(`Stop sending reminder e-mails to ${customer.email}?`)).toBeVisible();
  // Opening the link (as a mail scanner would) changed nothing.
  await page.reload();
  await expect(page.getByText(`Stop sending reminder e-mails to ${customer.email}?`)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe from reminders" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${customer.email} gets no more reminder e-mails.` })).toBeVisible();

  await page.goto(ROUTES.account);
  const reminders = page.getByRole("checkbox", { name: /E-mail me reminders/ });
  await expect(reminders).not.toBeChecked();
  await expect(reminders).toBeEnabled();
  await reminders.check();
  await expect(page.getByText("Reminders are on.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /E-mail me reminders/ })).toBeChecked();
});

test("an altered unsubscribe link is refused, with the way to the account page", async ({ page }) => {
  await registerFreshCustomer(page);
  const profile = (await (await page.request.get("/api/v1/c/user/profile")).json()) as { data: { user: { id: string } } };
  const link = new URL(unsubscribeLink(profile.data.user.id), "http://shop.invalid");
  const token = link.searchParams.get(UNSUBSCRIBE_TOKEN_PARAM) ?? "";
  const altered = `${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`;
  await page.goto(`${ROUTES.unsubscribe}?${new URLSearchParams({ [UNSUBSCRIBE_TOKEN_PARAM]: altered }).toString()}`);
  await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe from reminders" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to my account" })).toBeVisible();
});
