// @vitest-environment node
import { stripeDouble } from "@/test/support/stripe-env";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { memberships, savedPaymentMethods, users } from "@/lib/db/schema";
import type { SavedCardAnswer, SavedPaymentMethod } from "@/lib/schemas/order";
import type { Membership } from "@/lib/schemas/user";
import { createSession } from "@/lib/server/auth/session";
import { PAYMENT_MESSAGES } from "@/lib/server/payments/messages";
import { dataOf, read } from "@/test/support/answer";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { PUT as renewalCard } from "../membership/card/route";
import { PUT as makeDefault } from "./default/route";
import { DELETE as remove, GET as list, POST as add } from "./route";
import { POST as startSetup } from "./setup/route";
import { POST as checkSetup } from "./setup/check/route";

// Saving cards on Stripe, against the tests' Stripe-shaped server: the page asks for a SetupIntent
// of the customer's Stripe Customer, the browser confirms the card typed into Stripe's fields
// (here confirmSetupAsBrowser, as Stripe.js would), and the shop reads how it ended from Stripe.

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, exp_month: 12, exp_year: nextYear, cvc: "123" });
const attemptKey = () => randomUUID().replaceAll("-", "");

function call(method: string, path: string, token: string, body?: unknown): Request {
  return new Request(`http://shop.test/api/v1/c/user${path}`, {
    method,
    headers: { "content-type": "application/json", token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

afterAll(() => stripeDouble.close());

describeEachEngine("saving cards with Stripe on $name", (engine) => {
  const db = databaseForSuite(engine);

  async function customer() {
    const [row] = await db()
      .db.insert(users)
      .values({ email: `stripe-cards-${randomUUID()}@example.com`, passwordHash: "x" })
      .returning();
    if (!row) throw new Error("no user");
    const { token } = await createSession(row.id, { userAgent: null, ip: null });
    return { id: row.id, token };
  }

  async function setup(token: string, key = attemptKey()) {
    return dataOf(
      await read<{ setupIntentId: string; clientSecret: string }>(
        await startSetup(call("POST", "/saved_payments_methods/setup", token, { attemptKey: key })),
      ),
    );
  }

  const check = async (token: string, setupIntentId: string) =>
    read<SavedCardAnswer>(await checkSetup(call("POST", "/saved_payments_methods/setup/check", token, { setupIntentId })));
  const listOf = async (token: string) =>
    dataOf(await read<SavedPaymentMethod[]>(await list(call("GET", "/saved_payments_methods", token))));

  /** Adds `number` as the screen does: setup, confirmed in the browser, checked. */
  async function saveCard(token: string, number: string) {
    const { setupIntentId, clientSecret } = await setup(token);
    await stripeDouble.confirmSetupAsBrowser(clientSecret, { card: card(number) });
    return dataOf(await check(token, setupIntentId));
  }

  it("saves a card through a SetupIntent of the customer's Stripe Customer, for off-session use, and lists it", async () => {
    const { token } = await customer();
    const key = attemptKey();
    const { setupIntentId, clientSecret } = await setup(token, key);
    expect(setupIntentId).toMatch(/^seti_/);
    expect(clientSecret.startsWith(`${setupIntentId}_secret_`)).toBe(true);
    const created = stripeDouble.requests().filter((request) => request.method === "POST" && request.path === "/v1/setup_intents");
    expect(created.at(-1)?.body).toMatchObject({ usage: "off_session" });
    expect(String(created.at(-1)?.body?.customer)).toMatch(/^cus_/);
    // The same attempt asked again (a lost answer, a double click) is the same setup.
    expect((await setup(token, key)).setupIntentId).toBe(setupIntentId);

    // Not confirmed yet: nothing to save.
    expect(dataOf(await check(token, setupIntentId))).toMatchObject({ status: "pending", card: null, cards: [] });

    const confirmed = await stripeDouble.confirmSetupAsBrowser(clientSecret, { card: card("5555555555554444") });
    expect(confirmed.status).toBe("succeeded");
    const saved = dataOf(await check(token, setupIntentId));
    expect(saved).toMatchObject({
      status: "saved",
      message: null,
      card: { brand: "Mastercard", last4: "4444", expMonth: 12, expYear: nextYear, isDefault: true, renewsMembership: false },
    });
    expect(await listOf(token)).toEqual(saved.cards);
    expect(saved.cards).toHaveLength(1);
  });

  it("saves the card once when the check is asked twice, or twice at once", async () => {
    const { id, token } = await customer();
    const { setupIntentId, clientSecret } = await setup(token);
    await stripeDouble.confirmSetupAsBrowser(clientSecret, { card: card("4242424242424242") });
    const [first, second] = await Promise.all([check(token, setupIntentId), check(token, setupIntentId)]);
    const third = await check(token, setupIntentId);
    expect(dataOf(first).card?.id).toBe(dataOf(second).card?.id);
    expect(dataOf(third).card?.id).toBe(dataOf(first).card?.id);
    expect(await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, id))).toHaveLength(1);
  });

  it("waits while the bank's check (3-D Secure) is open, and saves the card once it passes", async () => {
    const { token } = await customer();
    const { setupIntentId, clientSecret } = await setup(token);
    const waiting = await stripeDouble.confirmSetupAsBrowser(clientSecret, { card: card("4000002500003155") });
    expect(waiting.status).toBe("requires_action");
    expect(dataOf(await check(token, setupIntentId))).toEqual({
      status: "pending",
      message: "Your bank asks you to confirm this card before it can be saved.",
      card: null,
      cards: [],
    });
    await stripeDouble.completeSetupAuthentication(setupIntentId, "succeed");
    expect(dataOf(await check(token, setupIntentId))).toMatchObject({ status: "saved", card: { last4: "3155" } });
  });

  it("answers a failed bank check in words, and saves nothing", async () => {
    const { token } = await customer();
    const { setupIntentId, clientSecret } = await setup(token);
    await stripeDouble.confirmSetupAsBrowser(clientSecret, { card: card("4000002500003155") });
    await stripeDouble.completeSetupAuthentication(setupIntentId, "fail");
    const answer = dataOf(await check(token, setupIntentId));
    expect(answer).toMatchObject({ status: "failed", card: null, cards: [] });
    expect(answer.message).toBeTruthy();
  });

  it("answers a declined card with the bank's reason, and saves nothing", async () => {
    const { token } = await customer();
    const { setupIntentId, clientSecret } = await setup(token);
    const declined = await stripeDouble.confirmSetupAsBrowser(clientSecret, { card: card("4000000000000002") });
    expect(declined.status).toBe("requires_payment_method");
    const answer = await check(token, setupIntentId);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ status: "failed", message: PAYMENT_MESSAGES.cardRefused.generic_decline, card: null, cards: [] });
    expect(await listOf(token)).toEqual([]);
  });

  it("answers another customer's setup, or an unknown one, like none", async () => {
    const owner = await customer();
    const { setupIntentId, clientSecret } = await setup(owner.token);
    await stripeDouble.confirmSetupAsBrowser(clientSecret, { card: card("4242424242424242") });
    const other = await customer();
    // Before the other customer has a Stripe Customer of their own, and after.
    const before = await check(other.token, setupIntentId);
    expect(before.status).toBe(404);
    expect(before.body.errmsg).toBe("This card was not found. Enter it again.");
    await setup(other.token);
    expect((await check(other.token, setupIntentId)).status).toBe(404);
    expect((await check(other.token, "seti_doesnotexist")).status).toBe(404);
    expect(await listOf(other.token)).toEqual([]);
    expect(await listOf(owner.token)).toEqual([]);
  });

  it("refuses a card number sent to the shop", async () => {
    const { id, token } = await customer();
    const typed = { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" };
    const answer = await read(await add(call("POST", "/saved_payments_methods", token, { card: typed })));
    expect(answer.status).toBe(422);
    expect(answer.body.errors?.[0]?.path).toBe("card");
    // Only Stripe.js (the publishable key) ever sends Stripe a number; the shop's server never does.
    const fromShop = stripeDouble.requests().filter((request) => request.key === "secret");
    expect(fromShop.some((request) => JSON.stringify(request.body).includes("4242424242424242"))).toBe(false);
    expect(await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, id))).toEqual([]);
  });

  it("switches the default card and removes a card, detaching it at Stripe", async () => {
    const { token } = await customer();
    const visa = (await saveCard(token, "4242424242424242")).card;
    const mastercard = (await saveCard(token, "5555555555554444")).card;
    expect(visa?.isDefault).toBe(true);
    expect(mastercard?.isDefault).toBe(false);
    const switched = dataOf(
      await read<SavedPaymentMethod[]>(await makeDefault(call("PUT", "/saved_payments_methods/default", token, { id: mastercard?.id }))),
    );
    expect(switched.map((saved) => [saved.last4, saved.isDefault])).toEqual([
      ["4444", true],
      ["4242", false],
    ]);

    const [row] = await db()
      .db.select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.id, mastercard?.id ?? ""));
    const left = dataOf(
      await read<SavedPaymentMethod[]>(await remove(call("DELETE", "/saved_payments_methods", token, { id: mastercard?.id }))),
    );
    expect(left).toEqual([expect.objectContaining({ last4: "4242", isDefault: true })]);
    expect(
      stripeDouble
        .requests()
        .some((request) => request.method === "POST" && request.path === `/v1/payment_methods/${row?.providerRef}/detach`),
    ).toBe(true);
  });

  it("makes a card saved through a setup the membership's renewal card, and keeps it from being removed", async () => {
    const { id, token } = await customer();
    await db()
      .db.insert(memberships)
      .values({
        userId: id,
        kind: "membership",
        sku: "LW-MEM-M",
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 20 * 86_400_000),
        autoRenew: true,
      });
    const saved = (await saveCard(token, "4242424242424242")).card;
    const renewing = await read<{ membership: Membership | null }>(
      await renewalCard(call("PUT", "/membership/card", token, { paymentMethodId: saved?.id })),
    );
    expect(dataOf(renewing).membership?.renewalCard?.id).toBe(saved?.id);
    expect((await listOf(token))[0]?.renewsMembership).toBe(true);
    const refused = await read(await remove(call("DELETE", "/saved_payments_methods", token, { id: saved?.id })));
    expect(refused.status).toBe(409);
    // A typed card for the renewals never reaches Stripe through the shop either.
    const typed = { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" };
    expect((await read(await renewalCard(call("PUT", "/membership/card", token, { card: typed })))).status).toBe(422);
  });
});
