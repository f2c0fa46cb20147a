import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { DbExecutor } from "@/lib/db/client";
import { sandboxCards, sandboxCharges, sandboxRefunds } from "@/lib/db/schema";
import {
  InvalidCardError,
  RefundRefusedError,
  type ChargeRequest,
  type ChargeResult,
  type NewCard,
  type OffSessionChargeRequest,
  type PaymentProvider,
  type PaymentSource,
  type RefundRequest,
  type RefundResult,
  type SavedCard,
} from "./provider";
import { PAYMENT_MESSAGES } from "./messages";
import { CARD_MESSAGES, OUTCOME_MESSAGES, findSandboxCard, isExpired, passesLuhn } from "./sandbox-cards";

export const SANDBOX_PROVIDER_NAME = "test";

/** The failure code of a charge whose bank check failed (Stripe's words for it). */
const AUTHENTICATION_FAILED = "payment_intent_authentication_failure";

function reference(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url")}`;
}

/** Checks a typed card the way a card network would, before any money moves. */
function validateCard(card: NewCard, now: Date) {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!passesLuhn(digits)) throw new InvalidCardError("number", CARD_MESSAGES.incorrectNumber);
  const testCard = findSandboxCard(digits);
  // Like a real provider's test mode, a genuine card number is refused: nobody should type one here.
  if (!testCard) throw new InvalidCardError("number", CARD_MESSAGES.notATestCard);
  if (isExpired(card.expMonth, card.expYear, now)) throw new InvalidCardError("expMonth", CARD_MESSAGES.expired);
  const cvcLength = testCard.brand === "American Express" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) throw new InvalidCardError("cvc", CARD_MESSAGES.incorrectCvc);
  return { outcome: testCard.outcome, brand: testCard.brand, last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
}

type ChargeRow = typeof sandboxCharges.$inferSelect;
type CardRow = typeof sandboxCards.$inferSelect;

function savedCardOf(card: CardRow): SavedCard {
  return { reference: card.ref, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
}

/** `kept`: the card this charge was made with or kept, when it is one of the provider's saved cards. */
function toChargeResult(row: ChargeRow, kept: CardRow | null): ChargeResult {
  return {
    status: row.status,
    providerRef: row.ref,
    amountCents: row.amountCents,
    card: { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear },
    failureMessage: row.failureMessage,
    // Only the bank's check is ever left to do in the browser; the shop's page stands in for the
    // bank (answerBankCheck), so the handle is the charge's own reference.
    action: row.status === "requires_action" ? { kind: "authenticate", clientSecret: row.ref } : null,
    savedCard: row.status === "succeeded" && kept ? savedCardOf(kept) : null,
  };
}

/** The bank's answer to a charge waiting on its check (answerBankCheck). */
export type BankCheckAnswer =
  /** The charge moved, or had already moved the same way (a retried call). */
  | { kind: "answered"; result: ChargeResult }
  /** The charge no longer waits: answered the other way, or stopped by the shop. */
  | { kind: "not_waiting"; result: ChargeResult };

/** The sandbox gateway, with the bank's side of its check (3-D Secure), which only it can play. */
export interface SandboxGateway extends PaymentProvider {
  /**
   * The bank's check of a charge waiting on it, passed or failed: the charge moves once, from
   * "requires_action" to "succeeded" or "failed" (a conditional update, so two answers at once
   * move it once). The same answer again finds it moved and answers the same; nothing else moves.
   */
  answerBankCheck(providerRef: string, passed: boolean): Promise<BankCheckAnswer>;
}

/**
 * The built-in provider: offline and deterministic (the card number decides the outcome), with
 * its ledger in the shop's database. It writes through `db`, the caller's transaction when there
 * is one, so a payment the shop rolls back leaves no charge behind (and PGlite's single
 * connection is never asked for a second one while a transaction holds it).
 */
export function createSandboxGateway(db: DbExecutor, now: () => Date = () => new Date()): SandboxGateway {
  async function findCharge(idempotencyKey: string) {
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey)).limit(1);
    return row ?? null;
  }

  async function findCard(ref: string | null): Promise<CardRow | null> {
    if (!ref) return null;
    const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.ref, ref)).limit(1);
    return card ?? null;
  }

  async function answer(row: ChargeRow): Promise<ChargeResult> {
    return toChargeResult(row, await findCard(row.cardRef));
  }

  async function keepCard(card: ReturnType<typeof validateCard>): Promise<CardRow> {
    const [kept] = await db
      .insert(sandboxCards)
      .values({ ref: reference("tp_card"), ...card })
      .returning();
    if (!kept) throw new Error("The sandbox gateway's card insert returned no row");
    return kept;
  }

  /**
   * `offSession`: nobody is at the screen, so a "decline_off_session" card is declined, and an
   * "authenticate" card goes through without the bank's check (it was kept with the holder present).
   */
  async function charge(request: Omit<ChargeRequest, "orderId" | "paymentId">, offSession: boolean): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0)
      throw new Error("A charge needs a positive whole amount of cents");
    const earlier = await findCharge(request.idempotencyKey);
    if (earlier) {
      if (earlier.amountCents !== request.amountCents || earlier.currency !== request.currency) {
        throw new Error("Idempotency key reused with different charge parameters");
      }
      return answer(earlier);
    }

    let card: {
      outcome: (typeof sandboxCards.$inferSelect)["outcome"];
      brand: string;
      last4: string;
      expMonth: number;
      expYear: number;
    };
    let cardRef: string | null = null;
    if (request.source.kind === "card") {
      card = validateCard(request.source.card, now());
    } else if (request.source.kind === "saved") {
      const saved = await findCard(request.source.reference);
      if (!saved || saved.removedAt) throw new InvalidCardError("number", "This saved card can no longer be used. Enter the card again.");
      if (isExpired(saved.expMonth, saved.expYear, now())) throw new InvalidCardError("expMonth", CARD_MESSAGES.expired);
      card = saved;
      cardRef = saved.ref;
    } else {
      // Only a provider with fields of its own in the browser is handed a card to come.
      throw new Error("The sandbox gateway takes the card as typed into the shop's fields");
    }

    const outcome =
      card.outcome === "decline_off_session"
        ? offSession
          ? "decline"
          : "succeed"
        : card.outcome === "authenticate"
          ? offSession
            ? "succeed"
            : "authenticate"
          : card.outcome;
    const waits = outcome === "authenticate";
    const failed = outcome !== "succeed" && !waits;
    // A card typed at a successful checkout is kept when asked (a saved card is kept already). One
    // waiting on the bank's check is kept now, and named to the shop (savedCard) only once it passes.
    if (!failed && request.saveCard && request.source.kind === "card") cardRef = (await keepCard(card)).ref;
    const [inserted] = await db
      .insert(sandboxCharges)
      .values({
        ref: reference("tp_ch"),
        idempotencyKey: request.idempotencyKey,
        status: waits ? "requires_action" : failed ? "failed" : "succeeded",
        amountCents: request.amountCents,
        currency: request.currency,
        failureCode: failed ? card.outcome : null,
        failureMessage:
          outcome === "succeed" ? null : outcome === "authenticate" ? PAYMENT_MESSAGES.authenticate : OUTCOME_MESSAGES[outcome],
        cardRef,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      })
      .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
      .returning();
    if (inserted) return answer(inserted);
    // Another call with the same key got there first: its answer is ours.
    const winner = await findCharge(request.idempotencyKey);
    if (!winner) throw new Error("Test provider charge vanished after an idempotency conflict");
    return answer(winner);
  }

  async function retrieve(providerRef: string): Promise<ChargeResult> {
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, providerRef)).limit(1);
    if (!row) throw new Error(`The sandbox gateway has no charge ${providerRef}`);
    return answer(row);
  }

  return {
    name: SANDBOX_PROVIDER_NAME,
    testMode: true,
    cardEntry: "shop",

    charge(request: ChargeRequest): Promise<ChargeResult> {
      return charge(request, false);
    },

    async checkSource(source: PaymentSource): Promise<void> {
      if (source.kind === "card") validateCard(source.card, now());
      if (source.kind === "saved") {
        const saved = await findCard(source.reference);
        if (!saved || saved.removedAt) throw new InvalidCardError("number", "This saved card can no longer be used. Enter the card again.");
        if (isExpired(saved.expMonth, saved.expYear, now())) throw new InvalidCardError("expMonth", CARD_MESSAGES.expired);
      }
    },

    retrieve,

    // Only a charge waiting on the bank's check can be stopped; any other has ended already.
    async cancel(providerRef: string): Promise<ChargeResult> {
      await db
        .update(sandboxCharges)
        .set({ status: "canceled", failureMessage: PAYMENT_MESSAGES.canceled })
        .where(and(eq(sandboxCharges.ref, providerRef), eq(sandboxCharges.status, "requires_action")));
      return retrieve(providerRef);
    },

    async answerBankCheck(providerRef: string, passed: boolean): Promise<BankCheckAnswer> {
      const status = passed ? "succeeded" : "failed";
      const [moved] = await db
        .update(sandboxCharges)
        .set(
          passed
            ? { status, failureCode: null, failureMessage: null }
            : { status, failureCode: AUTHENTICATION_FAILED, failureMessage: PAYMENT_MESSAGES.cardRefused[AUTHENTICATION_FAILED] },
        )
        .where(and(eq(sandboxCharges.ref, providerRef), eq(sandboxCharges.status, "requires_action")))
        .returning();
      if (moved) return { kind: "answered", result: await answer(moved) };
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.ref, providerRef)).limit(1);
      if (!row) throw new Error(`The sandbox gateway has no charge ${providerRef}`);
      // Answered the same way before (a retried call): the same answer, nothing moved again.
      const same = row.status === status && (passed || row.failureCode === AUTHENTICATION_FAILED);
      return { kind: same ? "answered" : "not_waiting", result: await answer(row) };
    },

    async findCharge(_paymentId: string, idempotencyKey: string): Promise<ChargeResult | null> {
      const row = await findCharge(idempotencyKey);
      return row ? answer(row) : null;
    },

    chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
      return charge({ ...request, source: { kind: "saved", reference: request.reference }, saveCard: false }, true);
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const [earlier] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, request.idempotencyKey)).limit(1);
      if (earlier) return { refundRef: earlier.ref, amountCents: earlier.amountCents, status: "succeeded", failureMessage: null };
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0)
        throw new RefundRefusedError("amount_invalid", PAYMENT_MESSAGES.refundRefused.amount_invalid);
      // The conditional update is the check: two refunds at once can never exceed the charge.
      const [charge] = await db
        .update(sandboxCharges)
        .set({ refundedCents: sql`${sandboxCharges.refundedCents} + ${request.amountCents}` })
        .where(
          sql`${sandboxCharges.ref} = ${request.providerRef} and ${sandboxCharges.status} = 'succeeded'
              and ${sandboxCharges.refundedCents} + ${request.amountCents} <= ${sandboxCharges.amountCents}`,
        )
        .returning({ ref: sandboxCharges.ref });
      if (!charge) throw new RefundRefusedError("amount_too_large", PAYMENT_MESSAGES.refundRefused.amount_too_large);
      const refundRef = reference("tp_re");
      await db.insert(sandboxRefunds).values({
        ref: refundRef,
        idempotencyKey: request.idempotencyKey,
        chargeRef: charge.ref,
        amountCents: request.amountCents,
      });
      return { refundRef, amountCents: request.amountCents, status: "succeeded", failureMessage: null };
    },

    async saveCard(input: NewCard): Promise<SavedCard> {
      return savedCardOf(await keepCard(validateCard(input, now())));
    },

    async removeCard(ref: string): Promise<void> {
      await db.update(sandboxCards).set({ removedAt: now() }).where(eq(sandboxCards.ref, ref));
    },
  };
}
