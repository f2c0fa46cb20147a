// @vitest-environment node
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { memberships, savedPaymentMethods, sandboxCards, users } from "@/lib/db/schema";
import type { SavedCardAnswer, SavedPaymentMethod } from "@/lib/schemas/order";
import { createSession } from "@/lib/server/auth/session";
import { dataOf, read } from "@/test/support/answer";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { PUT as makeDefault } from "./default/route";
import { DELETE as remove, GET as list, POST as add } from "./route";
import { POST as startSetup } from "./setup/route";
import { POST as checkSetup } from "./setup/check/route";

// The saved-cards calls on the built-in sandbox gateway, whose cards are typed into the shop's own
// fields: added with POST {card}, made the default, removed; a card setup is for providers with
// fields of their own, so it is refused here.

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, expMonth: 12, expYear: nextYear, cvc: "123", name: "Ada Park" });

function call(method: string, path: string, token: string, body?: unknown): Request {
  return new Request(`http://shop.test/api/v1/c/user/saved_payments_methods${path}`, {
    method,
    headers: { "content-type": "application/json", token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describeEachEngine("saved cards on the sandbox gateway on $name", (engine) => {
  const db = databaseForSuite(engine);

  async function customer() {
    const [row] = await db()
      .db.insert(users)
      .values({ email: `cards-${randomUUID()}@example.com`, passwordHash: "x" })
      .returning();
    if (!row) throw new Error("no user");
    const { token } = await createSession(row.id, { userAgent: null, ip: null });
    return { id: row.id, token };
  }

  const addCard = async (token: string, number: string) =>
    read<SavedCardAnswer>(await add(call("POST", "", token, { card: card(number) })));
  const listOf = async (token: string) => dataOf(await read<SavedPaymentMethod[]>(await list(call("GET", "", token))));

  it("adds a typed card, the first as the default, and lists it", async () => {
    const { token } = await customer();
    const first = dataOf(await addCard(token, "4242 4242 4242 4242"));
    expect(first).toMatchObject({
      status: "saved",
      message: null,
      card: { brand: "Visa", last4: "4242", expMonth: 12, expYear: nextYear, isDefault: true, renewsMembership: false },
    });
    const second = dataOf(await addCard(token, "5555555555554444"));
    expect(second.card).toMatchObject({ brand: "Mastercard", last4: "4444", isDefault: false });
    expect(second.cards.map((saved) => saved.last4)).toEqual(["4242", "4444"]);
    expect(await listOf(token)).toEqual(second.cards);
    // Only the provider's reference and what the page shows are kept: never the number.
    const rows = await db().db.select().from(sandboxCards);
    expect(JSON.stringify(rows)).not.toContain("4242424242424242");
  });

  it("refuses a card the provider refuses on its field, and saves nothing", async () => {
    const { id, token } = await customer();
    const wrong = await addCard(token, "4242424242424241");
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.[0]?.path).toBe("card.number");
    const expired = await read(await add(call("POST", "", token, { card: { ...card("4242424242424242"), expYear: 2001 } })));
    expect(expired.status).toBe(422);
    expect(await db().db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, id))).toEqual([]);
  });

  it("switches the default card, and answers another customer's card like none", async () => {
    const { token } = await customer();
    await addCard(token, "4242424242424242");
    const mastercard = dataOf(await addCard(token, "5555555555554444")).card;
    const switched = dataOf(await read<SavedPaymentMethod[]>(await makeDefault(call("PUT", "/default", token, { id: mastercard?.id }))));
    expect(switched.map((saved) => [saved.last4, saved.isDefault])).toEqual([
      ["4444", true],
      ["4242", false],
    ]);
    const other = await customer();
    const refused = await read(await makeDefault(call("PUT", "/default", other.token, { id: mastercard?.id })));
    expect(refused.status).toBe(404);
    expect(refused.body.errmsg).toBe("This saved card was not found.");
    expect((await listOf(token))[0]?.last4).toBe("4444");
  });

  it("removes a card, the next one becoming the default, but not the card a renewing membership charges", async () => {
    const { id, token } = await customer();
    const visa = dataOf(await addCard(token, "4242424242424242")).card;
    const mastercard = dataOf(await addCard(token, "5555555555554444")).card;
    await db()
      .db.insert(memberships)
      .values({
        userId: id,
        kind: "membership",
        sku: "LW-MEM-M",
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 20 * 86_400_000),
        autoRenew: true,
        paymentMethodId: mastercard?.id,
      });
    expect((await listOf(token)).map((saved) => [saved.last4, saved.renewsMembership])).toEqual([
      ["4242", false],
      ["4444", true],
    ]);
    const refused = await read(await remove(call("DELETE", "", token, { id: mastercard?.id })));
    expect(refused.status).toBe(409);
    expect(refused.body.errmsg).toBe("Your membership renews on this card. Choose another card for the renewals first, then remove it.");
    const [visaRow] = await db()
      .db.select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.id, visa?.id ?? ""));
    const left = dataOf(await read<SavedPaymentMethod[]>(await remove(call("DELETE", "", token, { id: visa?.id }))));
    expect(left).toEqual([expect.objectContaining({ last4: "4444", isDefault: true, renewsMembership: true })]);
    const [kept] = await db()
      .db.select()
      .from(sandboxCards)
      .where(eq(sandboxCards.ref, visaRow?.providerRef ?? ""));
    expect(kept?.removedAt).toBeInstanceOf(Date);
  });

  it("has no card setup: the shop's own fields take the card", async () => {
    const { token } = await customer();
    const started = await read(await startSetup(call("POST", "/setup", token, { attemptKey: randomUUID().replaceAll("-", "") })));
    expect(started.status).toBe(409);
    expect(started.body.errmsg).toBe("Cards are typed into this shop's own card fields. Reload the page and try again.");
    const checked = await read(await checkSetup(call("POST", "/setup/check", token, { setupIntentId: "seti_123" })));
    expect(checked.status).toBe(409);
  });

  it("needs a session", async () => {
    const answer = await read(
      await add(new Request("http://shop.test/api/v1/c/user/saved_payments_methods", { method: "POST", body: "{}" })),
    );
    expect(answer.status).toBe(401);
  });
});
