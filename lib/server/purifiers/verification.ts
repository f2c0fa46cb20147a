import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Transaction } from "@/lib/db/client";
import { purifiers, type PurifierRow, type PurifierVerification } from "@/lib/db/schema";

// Whether the shop vouches for a purifier, in one place: which state may follow which.
// movePurifierVerification is the only code that changes it once the purifier is registered (a
// test reads the sources to hold that; lib/server/status-owners.test.ts). A purifier is born
// "shipped" (a delivered order registered it, or its serial is on the customer's own shipped order)
// or "awaiting_proof" (the customer added it); see docs/decisions/0040.
//
//   awaiting_proof ──proof──→ in_review ──operator──→ verified
//        │   ↑                 │    ↑ a new proof          │
//        │   └─────────────────┼────┘                      └→ (for good)
//        │                     ↓
//        └──operator──→   rejected ──a new proof──→ in_review
//
//   awaiting_proof, in_review, rejected → shipped   the shop delivers the customer an order with
//                                                   that serial: its own record vouches for it

export const PURIFIER_VERIFICATION_NEXT: Readonly<Record<PurifierVerification, readonly PurifierVerification[]>> = {
  shipped: [],
  awaiting_proof: ["in_review", "rejected", "shipped"],
  in_review: ["in_review", "verified", "rejected", "shipped"],
  verified: [],
  rejected: ["in_review", "shipped"],
};

function statesBefore(to: PurifierVerification): PurifierVerification[] {
  return (Object.keys(PURIFIER_VERIFICATION_NEXT) as PurifierVerification[]).filter((from) =>
    PURIFIER_VERIFICATION_NEXT[from].includes(to),
  );
}

/** A proof of purchase may be attached (or replaced) while the shop has not vouched for the purifier. */
export function canAttachProof(verification: PurifierVerification): boolean {
  return PURIFIER_VERIFICATION_NEXT[verification].includes("in_review");
}

/** An operator verifies only from a proof: a purifier in review. */
export function canVerify(verification: PurifierVerification): boolean {
  return PURIFIER_VERIFICATION_NEXT[verification].includes("verified");
}

/** An operator may reject what waits for them, with or without a proof (a made-up serial needs none). */
export function canReject(verification: PurifierVerification): boolean {
  return PURIFIER_VERIFICATION_NEXT[verification].includes("rejected");
}

/** What comes with a state: who decided and when, and the reason a rejection gives. */
type VerificationFields = Partial<Pick<PurifierRow, "reviewedBy" | "reviewedAt" | "rejectReason" | "orderId" | "orderUnit">>;

/**
 * Moves one purifier (the caller holds its lock and has answered a wrong state with its own 409) to
 * `to`; a state that may not become `to` is a bug of the caller, and throws. Leaving "rejected"
 * clears the reason, so the customer never reads an old one beside a new state.
 */
export async function movePurifierVerification(
  tx: Transaction,
  purifierId: string,
  to: PurifierVerification,
  fields: VerificationFields = {},
  now: Date = new Date(),
): Promise<PurifierRow> {
  const [moved] = await tx
    .update(purifiers)
    .set({ rejectReason: null, ...fields, verification: to, updatedAt: now })
    .where(and(eq(purifiers.id, purifierId), inArray(purifiers.verification, statesBefore(to))))
    .returning();
  if (!moved) throw new Error(`Purifier ${purifierId} cannot become ${to} from its current verification`);
  return moved;
}
