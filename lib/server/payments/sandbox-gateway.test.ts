// @vitest-environment node
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sandboxCards, sandboxCharges } from "@/lib/db/schema";
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
    expect(await db().db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, key))).toHaveLength(1);
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
    const [row] = await db().db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, providerRef));
    expect(row?.refundedCents).toBe(1000);
    const declined = await charge("4000000000000002");
    await expect(
      provider().refund({ providerRef: declined.providerRef, amountCents: 1, idempotencyKey: uniqueKey("re") }),
    ).rejects.toBeInstanceOf(RefundRefusedError);
  });

  it("saves a card as its behaviour, brand, last four and expiry, and charges it later", async () => {
    const saved = await provider().saveCard(card("4000 0000 0000 0002"));
    expect(saved).toMatchObject({ brand: "Visa", last4: "0002", expMonth: 8, expYear: 2027 });
    const [row] = await db().db.select().from(sandboxCards).where(eq(sandboxCards.ref, saved.reference));
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

  describe("the card that asks for the bank's check (3-D Secure), 4000 0025 0000 3155", () => {
    const THREE_DS = "4000002500003155";
    const failedCheck = "Your bank's check was not completed, so the payment did not go through. Please try again, or use another card.";

    it("waits on the bank's check with the customer at the screen, and passes it once", async () => {
      const key = uniqueKey("3ds-pass");
      const waiting = await charge(THREE_DS, key, 1500);
      expect(waiting).toMatchObject({
        status: "requires_action",
        amountCents: 1500,
        card: { brand: "Visa", last4: "3155" },
        failureMessage: "Your bank asks you to confirm this payment.",
        action: { kind: "authenticate", clientSecret: waiting.providerRef },
        savedCard: null,
      });
      // Nothing to refund while it waits: no money moved.
      await expect(
        provider().refund({ providerRef: waiting.providerRef, amountCents: 1, idempotencyKey: uniqueKey("re") }),
      ).rejects.toBeInstanceOf(RefundRefusedError);
      const passed = await provider().answerBankCheck(waiting.providerRef, true);
      expect(passed).toMatchObject({ kind: "answered", result: { status: "succeeded", failureMessage: null, action: null } });
      // The same answer again (a retried call) finds it moved and answers the same; the other one is refused.
      expect(await provider().answerBankCheck(waiting.providerRef, true)).toEqual(passed);
      expect(await provider().answerBankCheck(waiting.providerRef, false)).toMatchObject({
        kind: "not_waiting",
        result: { status: "succeeded" },
      });
      // The replayed charge key answers the charge as it stands now.
      expect(await charge(THREE_DS, key, 1500)).toMatchObject({ status: "succeeded", providerRef: waiting.providerRef });
      expect(await provider().retrieve(waiting.providerRef)).toMatchObject({ status: "succeeded" });
    });

    it("fails with the shop's words when the bank's check fails, and never succeeds afterwards", async () => {
      const waiting = await charge(THREE_DS);
      const failed = await provider().answerBankCheck(waiting.providerRef, false);
      expect(failed).toMatchObject({ kind: "answered", result: { status: "failed", failureMessage: failedCheck, action: null } });
      expect(await provider().answerBankCheck(waiting.providerRef, false)).toEqual(failed);
      expect(await provider().answerBankCheck(waiting.providerRef, true)).toMatchObject({
        kind: "not_waiting",
        result: { status: "failed" },
      });
      const [row] = await db().db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, waiting.providerRef));
      expect(row).toMatchObject({ status: "failed", failureCode: "payment_intent_authentication_failure" });
    });

    it("moves once when two answers arrive together", async () => {
      const waiting = await charge(THREE_DS);
      const answers = await Promise.all([
        provider().answerBankCheck(waiting.providerRef, true),
        provider().answerBankCheck(waiting.providerRef, false),
      ]);
      expect(answers.map((answer) => answer.kind).sort()).toEqual(["answered", "not_waiting"]);
      const settled = (await provider().retrieve(waiting.providerRef)).status;
      expect(answers.every((answer) => answer.result.status === settled)).toBe(true);
    });

    it("is stopped by cancel while it waits, after which the bank's answer moves nothing", async () => {
      const waiting = await charge(THREE_DS);
      expect(await provider().cancel(waiting.providerRef)).toMatchObject({ status: "canceled", action: null });
      expect(await provider().answerBankCheck(waiting.providerRef, true)).toMatchObject({
        kind: "not_waiting",
        result: { status: "canceled" },
      });
      // Cancel leaves a charge that had ended as it was.
      const paid = await charge("4242424242424242");
      expect(await provider().cancel(paid.providerRef)).toMatchObject({ status: "succeeded" });
    });

    it("keeps the card asked to be kept, names it once the check passes, and charges it off-session without a check", async () => {
      const waiting = await provider().charge({
        amountCents: 2000,
        currency: "usd",
        source: { kind: "card", card: card(THREE_DS) },
        idempotencyKey: uniqueKey("3ds-keep"),
        description: "t",
        paymentId: "00000000-0000-4000-8000-000000000000",
        orderId: "00000000-0000-4000-8000-000000000000",
        customer: null,
        saveCard: true,
      });
      expect(waiting).toMatchObject({ status: "requires_action", savedCard: null });
      const passed = await provider().answerBankCheck(waiting.providerRef, true);
      const kept = passed.result.savedCard;
      expect(kept).toMatchObject({ brand: "Visa", last4: "3155" });
      if (!kept) throw new Error("no card kept");
      const renewal = await provider().chargeOffSession({
        amountCents: 900,
        currency: "usd",
        reference: kept.reference,
        customer: null,
        idempotencyKey: uniqueKey("3ds-renew"),
        description: "renewal",
      });
      expect(renewal).toMatchObject({ status: "succeeded", action: null, failureMessage: null });
      // With the holder at the screen, the saved card asks for the check again.
      const onSession = await provider().charge({
        amountCents: 900,
        currency: "usd",
        source: { kind: "saved", reference: kept.reference },
        idempotencyKey: uniqueKey("3ds-saved"),
        description: "t",
        paymentId: "00000000-0000-4000-8000-000000000000",
        orderId: "00000000-0000-4000-8000-000000000000",
        customer: null,
        saveCard: false,
      });
      expect(onSession).toMatchObject({ status: "requires_action", action: { kind: "authenticate" } });
    });
  });
});
