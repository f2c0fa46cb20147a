// @vitest-environment node
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { testProviderCards, testProviderCharges } from "@/lib/db/schema";
import { databaseForSuite, describeOnPglite } from "@/test/support/test-engines";
import { InvalidCardError, RefundRefusedError, type NewCard } from "./provider";
import { createSandboxGateway } from "./sandbox-gateway";

const now = () => new Date("2026-06-15T12:00:00Z");
const card = (number: string, extra: Partial<NewCard> = {}): NewCard => ({
  number,
  expMonth: 8,
  expYear: 2027,
  cvc: "314",
  name: "Ada Park",
  ...extra,
});
let counter = 0;
const uniqueKey = (label: string) => `${label}-${Date.now()}-${(counter += 1)}`;

describeOnPglite("test payment provider on pglite", (engine) => {
  const db = databaseForSuite(engine);
  const provider = () => createSandboxGateway(db().db, now);
  const charge = (number: string, idempotencyKey = uniqueKey("ch"), amountCents = 2990, extra: Partial<NewCard> = {}) =>
    provider().charge({
      amountCents,
      currency: "usd",
      source: { kind: "card", card: card(number, extra) },
      idempotencyKey,
      description: "test",
      paymentId: "00000000-0000-4000-8000-000000000000",
      orderId: "00000000-0000-4000-8000-000000000000",
      customer: null,
      saveCard: false,
    });

  it("succeeds, declines and fails by card number, with the customer's message", async () => {
    expect(await charge("4242424242424242")).toMatchObject({
      status: "succeeded",
      card: { brand: "Visa", last4: "4242", expMonth: 8, expYear: 2027 },
      failureMessage: null,
      action: null,
    });
    expect(await charge("4000000000000002")).toMatchObject({ status: "failed", failureMessage: "Your card was declined." });
    expect(await charge("4000000000009995")).toMatchObject({ status: "failed", failureMessage: "Your card has insufficient funds." });
    expect(await charge("4000000000000119")).toMatchObject({
      status: "failed",
      failureMessage: "The payment could not be processed. Please try again.",
    });
    expect(await charge("5555555555554444")).toMatchObject({ status: "succeeded", card: { brand: "Mastercard", last4: "4444" } });
  });

  it("refuses a bad number, a real card, an expired card and a short security code before charging", async () => {
    await expect(charge("4242424242424243")).rejects.toMatchObject({ field: "number", message: "Your card number is incorrect." });
    await expect(charge("4111111111111111")).rejects.toBeInstanceOf(InvalidCardError);
    await expect(charge("4242424242424242", undefined, 100, { expMonth: 5, expYear: 2026 })).rejects.toMatchObject({
      field: "expMonth",
      message: "Your card has expired.",
    });
    await expect(charge("4242424242424242", undefined, 100, { cvc: "12" })).rejects.toMatchObject({ field: "cvc" });
    expect(await charge("4242424242424242", undefined, 100, { expMonth: 6, expYear: 2026 })).toMatchObject({ status: "succeeded" });
  });

  it("answers a replayed key with the first charge and refuses it with another amount", async () => {
    const key = uniqueKey("replay");
    const first = await charge("4242424242424242", key);
    const second = await charge("4242424242424242", key);
    expect(second.providerRef).toBe(first.providerRef);
    expect(await db().db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotencyKey, key))).toHaveLength(1);
    await expect(charge("4242424242424242", key, 9999)).rejects.toThrow(/different charge parameters/);
  });

  it("refunds at most what was charged, once per refund key", async () => {
    const { providerRef } = await charge("4242424242424242", uniqueKey("refund"), 1000);
    const refundKey = uniqueKey("re");
    const refund = await provider().refund({ providerRef, amountCents: 600, idempotencyKey: refundKey });
    expect(await provider().refund({ providerRef, amountCents: 600, idempotencyKey: refundKey })).toEqual(refund);
    await expect(provider().refund({ providerRef, amountCents: 500, idempotencyKey: uniqueKey("re") })).rejects.toBeInstanceOf(
      RefundRefusedError,
    );
    await provider().refund({ providerRef, amountCents: 400, idempotencyKey: uniqueKey("re") });
    const [row] = await db().db.select().from(testProviderCharges).where(eq(testProviderCharges.ref, providerRef));
    expect(row?.refundedCents).toBe(1000);
    const declined = await charge("4000000000000002");
    await expect(
      provider().refund({ providerRef: declined.providerRef, amountCents: 1, idempotencyKey: uniqueKey("re") }),
    ).rejects.toBeInstanceOf(RefundRefusedError);
  });

  it("saves a card as its behaviour, brand, last four and expiry, and charges it later", async () => {
    const saved = await provider().saveCard(card("4000 0000 0000 0002"));
    expect(saved).toMatchObject({ brand: "Visa", last4: "0002", expMonth: 8, expYear: 2027 });
    const [row] = await db().db.select().from(testProviderCards).where(eq(testProviderCards.ref, saved.reference));
    expect(JSON.stringify(row)).not.toContain("4000000000000002");
    const result = await provider().charge({
      amountCents: 100,
      currency: "usd",
      source: { kind: "saved", reference: saved.reference },
      idempotencyKey: uniqueKey("saved"),
      description: "t",
      paymentId: "00000000-0000-4000-8000-000000000000",
      orderId: "00000000-0000-4000-8000-000000000000",
      customer: null,
      saveCard: false,
    });
    expect(result).toMatchObject({ status: "failed", failureMessage: "Your card was declined.", card: { last4: "0002" } });
    await expect(
      provider().charge({
        amountCents: 100,
        currency: "usd",
        source: { kind: "saved", reference: "tp_card_unknown" },
        idempotencyKey: uniqueKey("saved"),
        description: "t",
        paymentId: "00000000-0000-4000-8000-000000000000",
        orderId: "00000000-0000-4000-8000-000000000000",
        customer: null,
        saveCard: false,
      }),
    ).rejects.toBeInstanceOf(InvalidCardError);
  });
});
