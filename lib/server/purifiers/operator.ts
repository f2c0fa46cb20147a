import "server-only";
import { and, asc, desc, eq, ilike, inArray, ne } from "drizzle-orm";
import { getDb, type Transaction } from "@/lib/db/client";
import { AWAITING_VERIFICATIONS } from "@/lib/config/purifiers";
import { purifiers, type PurifierRow, type UserRow } from "@/lib/db/schema";
import {
  PURIFIER_MESSAGES,
  type OperatorPurifier,
  type OperatorPurifierListQuery,
  type OperatorVerification,
  type OperatorVerificationListQuery,
  type Purifier,
  type RejectPurifierBody,
  type VerifyPurifierBody,
} from "@/lib/schemas/purifier";
import { orderNumber } from "@/lib/display/order-display";
import { assertOperator } from "@/lib/server/auth/roles";
import { emailsOfUsers, findUserById, withCustomers } from "@/lib/server/auth/users";
import { escapeLike } from "@/lib/server/base/console-search";
import { AppError } from "@/lib/server/base/errors";
import { readPage } from "@/lib/server/base/paging";
import { isUniqueViolation } from "@/lib/server/base/unique-violation";
import { queueMail } from "@/lib/server/mail/outbox";
import { purifierRejectedMail, purifierVerifiedMail } from "@/lib/server/mail/templates/purifiers";
import { ordersShippingSerial } from "@/lib/server/orders/lookups";
import { storeDate } from "@/lib/server/shipping/dates";
import { inTransaction } from "@/lib/server/transaction";
import { readProof, type ProofFile } from "./proofs";
import { notFound, toView, toViews } from "./purifiers";
import { canReject, canVerify, movePurifierVerification } from "./verification";

// The console's side of the purifiers: finding one by its serial, and the verification queue, where
// an operator looks at a proof of purchase and verifies the purifier (Lenwell Care may then cover
// it) or rejects it with a reason the customer reads (docs/decisions/0040).

type Operator = Pick<UserRow, "id" | "role">;

/** Purifiers by part of their serial, or the most recent registrations; each with its owner. */
export async function operatorListPurifiers(
  user: Pick<UserRow, "role">,
  query: OperatorPurifierListQuery,
  now: Date = new Date(),
): Promise<{ list: OperatorPurifier[]; total: number; today: string }> {
  assertOperator(user);
  const db = await getDb();
  const serial = query.serial?.toUpperCase();
  const where = serial ? ilike(purifiers.serial, `%${escapeLike(serial)}%`) : undefined;
  const matching = db.select({ purifier: purifiers }).from(purifiers);
  const { rows, total } = await readPage(db, query, matching.where(where).$dynamic(), [desc(purifiers.createdAt), desc(purifiers.id)]);
  const found = rows.map((row) => row.purifier);
  return { total, today: storeDate(now), list: await withCustomers(db, found, await toViews(db, found, now)) };
}

/**
 * The purifiers waiting for an operator, the longest waiting first: those with a proof of purchase
 * (`in_review`), those without one yet, or both; each with what else the shop knows of its serial
 * (other customers' purifiers with it, the orders that carried it).
 */
export async function operatorListVerifications(
  user: Pick<UserRow, "role">,
  query: OperatorVerificationListQuery,
  now: Date = new Date(),
): Promise<{ list: OperatorVerification[]; total: number }> {
  assertOperator(user);
  const db = await getDb();
  const serial = query.serial?.toUpperCase();
  const where = and(
    inArray(purifiers.verification, query.status ? [query.status] : [...AWAITING_VERIFICATIONS]),
    serial ? ilike(purifiers.serial, `%${escapeLike(serial)}%`) : undefined,
  );
  const matching = db.select({ purifier: purifiers }).from(purifiers).where(where).$dynamic();
  const { rows, total } = await readPage(db, query, matching, [asc(purifiers.updatedAt), asc(purifiers.id)]);
  const found = rows.map((row) => row.purifier);
  const views = await withCustomers(db, found, await toViews(db, found, now));
  const list: OperatorVerification[] = [];
  for (const [index, view] of views.entries()) {
    const row = found[index];
    if (!row?.serial) {
      list.push({ ...view, otherClaims: [], shipments: [] });
      continue;
    }
    const claims = await db
      .select({ userId: purifiers.userId, verification: purifiers.verification })
      .from(purifiers)
      .where(and(eq(purifiers.serial, row.serial), ne(purifiers.id, row.id)))
      .orderBy(asc(purifiers.createdAt));
    const shipments = await ordersShippingSerial(db, row.serial);
    const emailOf = await emailsOfUsers(db, [...claims.map((claim) => claim.userId), ...shipments.map((shipment) => shipment.userId)]);
    list.push({
      ...view,
      otherClaims: claims.map((claim) => ({ customerEmail: emailOf(claim.userId) ?? "", verification: claim.verification })),
      shipments: shipments.map((shipment) => ({ orderId: shipment.orderId, customerEmail: emailOf(shipment.userId) ?? "" })),
    });
  }
  return { list, total };
}

async function lockPurifier(tx: Transaction, purifierId: string): Promise<PurifierRow> {
  const [row] = await tx.select().from(purifiers).where(eq(purifiers.id, purifierId)).for("update");
  if (!row) throw notFound();
  return row;
}

/** Why an operator cannot verify a purifier in this state. */
function cannotVerify(row: PurifierRow): AppError {
  if (row.verification === "awaiting_proof") return new AppError(409, PURIFIER_MESSAGES.verifyNeedsProof);
  if (row.verification === "rejected") return new AppError(409, PURIFIER_MESSAGES.verifyRejected);
  return new AppError(409, PURIFIER_MESSAGES.alreadyVouched);
}

/**
 * Verifies a purifier from its proof of purchase: from then on Lenwell Care may cover it. Refused
 * while the shop's own records put its serial elsewhere: on a purifier it shipped (in any order,
 * this customer's included: that one is registered when delivered), or verified for someone else.
 */
export async function operatorVerifyPurifier(operator: Operator, body: VerifyPurifierBody, now: Date = new Date()): Promise<Purifier> {
  assertOperator(operator);
  try {
    return await inTransaction(async (tx) => {
      const row = await lockPurifier(tx, body.purifierId);
      if (!canVerify(row.verification)) throw cannotVerify(row);
      if (row.serial) {
        const [shipment] = await ordersShippingSerial(tx, row.serial);
        if (shipment) throw new AppError(409, PURIFIER_MESSAGES.serialShipped(row.serial, orderNumber(shipment.orderId)));
        const [verified] = await tx
          .select({ userId: purifiers.userId })
          .from(purifiers)
          .where(and(eq(purifiers.serial, row.serial), eq(purifiers.verification, "verified")))
          .limit(1);
        if (verified) {
          const email = (await findUserById(tx, verified.userId))?.email ?? "another customer";
          throw new AppError(409, PURIFIER_MESSAGES.serialVerifiedFor(row.serial, email));
        }
      }
      const moved = await movePurifierVerification(tx, row.id, "verified", { reviewedBy: operator.id, reviewedAt: now }, now);
      const owner = await findUserById(tx, row.userId);
      if (owner) await queueMail(tx, purifierVerifiedMail(owner.email, row.serial));
      return toView(tx, moved, now);
    });
  } catch (error) {
    // Two operators verifying two claims of one serial at once: the index lets one through.
    if (isUniqueViolation(error)) throw new AppError(409, PURIFIER_MESSAGES.serialVerifiedFor("this serial", "another customer"));
    throw error;
  }
}

/** Rejects a purifier waiting for verification, with a reason the customer reads on My purifiers and by e-mail. */
export async function operatorRejectPurifier(operator: Operator, body: RejectPurifierBody, now: Date = new Date()): Promise<Purifier> {
  assertOperator(operator);
  return inTransaction(async (tx) => {
    const row = await lockPurifier(tx, body.purifierId);
    if (!canReject(row.verification)) {
      throw new AppError(409, row.verification === "rejected" ? PURIFIER_MESSAGES.verifyRejected : PURIFIER_MESSAGES.alreadyVouched);
    }
    const moved = await movePurifierVerification(
      tx,
      row.id,
      "rejected",
      { reviewedBy: operator.id, reviewedAt: now, rejectReason: body.reason },
      now,
    );
    const owner = await findUserById(tx, row.userId);
    if (owner) await queueMail(tx, purifierRejectedMail(owner.email, row.serial, body.reason));
    return toView(tx, moved, now);
  });
}

/** Any purifier's proof of purchase, for an operator. */
export async function operatorProof(user: Pick<UserRow, "role">, purifierId: string): Promise<ProofFile> {
  assertOperator(user);
  const db = await getDb();
  const [row] = await db.select().from(purifiers).where(eq(purifiers.id, purifierId));
  if (!row) throw notFound();
  return readProof(db, row);
}
