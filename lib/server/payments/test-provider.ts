import "server-only";
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { testProviderCards, testProviderCharges, testProviderRefunds } from "@/lib/db/schema";
import {
  InvalidCardError,
  RefundRefusedError,
  type ChargeRequest,
  type ChargeResult,
  type NewCard,
  type OffSessionChargeRequest,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  type SavedCard,
} from "./provider";
import { CARD_MESSAGES, OUTCOME_MESSAGES, findTestCard, isExpired, passesLuhn } from "./test-cards";

export const TEST_PROVIDER_NAME = "test";

function reference(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}

/** Checks a typed card the way a card network would, before any money moves. */
function validateCard(card: NewCard, now: Date) {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!passesLuhn(digits)) throw new InvalidCardError("number", CARD_MESSAGES.incorrectNumber);
  const testCard = findTestCard(digits);
  // Like a real provider's test mode, a genuine card number is refused: nobody should type one here.
  if (!testCard) throw new InvalidCardError("number", CARD_MESSAGES.notATestCard);
  if (isExpired(card.expMonth, card.expYear, now)) throw new InvalidCardError("expMonth", CARD_MESSAGES.expired);
  const cvcLength = testCard.brand === "American Express" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) throw new InvalidCardError("cvc", CARD_MESSAGES.incorrectCvc);
  return { outcome: testCard.outcome, brand: testCard.brand, last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
}

function toChargeResult(row: typeof testProviderCharges.$inferSelect): ChargeResult {
  return {
    status: row.status,
    providerRef: row.ref,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    failureMessage: row.failureMessage,
  };
}

/**
 * The built-in provider: offline and deterministic (the card number decides the outcome), with
 * its ledger in the shop's database. It writes through `db`, the caller's transaction when there
 * is one, so a payment the shop rolls back leaves no charge behind (and PGlite's single
 * connection is never asked for a second one while a transaction holds it).
 */
export function createTestProvider(db: DbExecutor, now: () => Date = () => new Date()): PaymentProvider {
  async function findCharge(idempotencyKey: string) {
    const [row] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotencyKey, idempotencyKey)).limit(1);
    return row ?? null;
  }

  /** `offSession`: nobody is at the screen, so a "decline_off_session" card is declined. */
  async function charge(request: ChargeRequest, offSession: boolean): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0)
      throw new Error("A charge needs a positive whole amount of cents");
    const earlier = await findCharge(request.idempotencyKey);
    if (earlier) {
      if (earlier.amountCents !== request.amountCents || earlier.currency !== request.currency) {
        throw new Error("Idempotency key reused with different charge parameters");
      }
      return toChargeResult(earlier);
    }

    let card: {
      outcome: (typeof testProviderCards.$inferSelect)["outcome"];
      brand: string;
      last4: string;
      expMonth: number;
      expYear: number;
    };
    let cardRef: string | null = null;
    if (request.source.kind === "card") {
      card = validateCard(request.source.card, now());
    } else {
      const [saved] = await db.select().from(testProviderCards).where(eq(testProviderCards.ref, request.source.reference)).limit(1);
      if (!saved) throw new InvalidCardError("number", "This saved card can no longer be used. Enter the card again.");
      if (isExpired(saved.expMonth, saved.expYear, now())) throw new InvalidCardError("expMonth", CARD_MESSAGES.expired);
      card = saved;
      cardRef = saved.ref;
    }

    const outcome = card.outcome === "decline_off_session" ? (offSession ? "decline" : "succeed") : card.outcome;
    const failed = outcome !== "succeed";
    const [inserted] = await db
      .insert(testProviderCharges)
      .values({
        ref: reference("tp_ch"),
        idempotencyKey: request.idempotencyKey,
        status: failed ? "failed" : "succeeded",
        amountCents: request.amountCents,
        currency: request.currency,
        failureCode: failed ? card.outcome : null,
        failureMessage: outcome === "succeed" ? null : OUTCOME_MESSAGES[outcome],
        cardRef,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      })
      .onConflictDoNothing({ target: testProviderCharges.idempotencyKey })
      .returning();
    if (inserted) return toChargeResult(inserted);
    // Another call with the same key got there first: its answer is ours.
    const winner = await findCharge(request.idempotencyKey);
    if (!winner) throw new Error("Test provider charge vanished after an idempotency conflict");
    return toChargeResult(winner);
  }

  return {
    name: TEST_PROVIDER_NAME,
    testMode: true,

    charge(request: ChargeRequest): Promise<ChargeResult> {
      return charge(request, false);
    },

    chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
      return charge({ ...request, source: { kind: "saved", reference: request.reference } }, true);
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const [earlier] = await db
        .select()
        .from(testProviderRefunds)
        .where(eq(testProviderRefunds.idempotencyKey, request.idempotencyKey))
        .limit(1);
      if (earlier) return { refundRef: earlier.ref, amountCents: earlier.amountCents };
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0)
        throw new RefundRefusedError("A refund needs a positive amount.");
      // The conditional update is the check: two refunds at once can never exceed the charge.
      const [charge] = await db
        .update(testProviderCharges)
        .set({ refundedCents: sql`${testProviderCharges.refundedCents} + ${request.amountCents}` })
        .where(
          sql`${testProviderCharges.ref} = ${request.providerRef} and ${testProviderCharges.status} = 'succeeded'
              and ${testProviderCharges.refundedCents} + ${request.amountCents} <= ${testProviderCharges.amountCents}`,
        )
        .returning({ ref: testProviderCharges.ref });
      if (!charge) throw new RefundRefusedError("The refund is more than what is left of the payment.");
      const refundRef = reference("tp_re");
      await db.insert(testProviderRefunds).values({
        ref: refundRef,
        idempotencyKey: request.idempotencyKey,
        chargeRef: charge.ref,
        amountCents: request.amountCents,
      });
      return { refundRef, amountCents: request.amountCents };
    },

    async saveCard(input: NewCard): Promise<SavedCard> {
      const card = validateCard(input, now());
      const ref = reference("tp_card");
      await db.insert(testProviderCards).values({ ref, ...card });
      return { reference: ref, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
    },
  };
}
