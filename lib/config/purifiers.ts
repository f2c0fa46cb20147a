// How the shop vouches for a purifier (docs/decisions/0040): the verification states, which of them
// Lenwell Care may cover, and the limits of a proof of purchase. Server, pages and docs read these.

/**
 * Where a purifier stands with the shop:
 * - `shipped`: the shop shipped it to this customer (a delivered order registered it, or the serial
 *   the customer typed is on a line of their own shipped or delivered order);
 * - `awaiting_proof`: the customer added it, the shop has nothing to go on yet;
 * - `in_review`: a proof of purchase is attached and waits for an operator;
 * - `verified`: an operator checked the proof;
 * - `rejected`: an operator could not verify it, with a reason the customer reads.
 */
export const PURIFIER_VERIFICATIONS = ["shipped", "awaiting_proof", "in_review", "verified", "rejected"] as const;
export type PurifierVerification = (typeof PURIFIER_VERIFICATIONS)[number];

/** The states the shop vouches for: only these purifiers may be put on Lenwell Care. */
export const VOUCHED_VERIFICATIONS = ["shipped", "verified"] as const satisfies readonly PurifierVerification[];

/** The states an operator still has to decide (the console's verification queue). */
export const AWAITING_VERIFICATIONS = ["in_review", "awaiting_proof"] as const satisfies readonly PurifierVerification[];

export type VouchedVerification = (typeof VOUCHED_VERIFICATIONS)[number];

export function isVouched(verification: PurifierVerification): verification is VouchedVerification {
  return (VOUCHED_VERIFICATIONS as readonly PurifierVerification[]).includes(verification);
}

/** A proof of purchase: at most this many bytes (a phone photo of a receipt fits; the shipped proxy allows a little more). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** "5 MB", for the pages and messages. */
export const PROOF_MAX_TEXT = "5 MB";

/** What a proof may be, as its first bytes show (the name and the declared type are not trusted). */
export const PROOF_CONTENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type ProofContentType = (typeof PROOF_CONTENT_TYPES)[number];

/** The file picker's hint to the browser; the server sniffs the content whatever it is called. */
export const PROOF_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

/** Purifiers a customer may have waiting for verification at once: each may hold a proof of up to 5 MB. */
export const MAX_AWAITING_PURIFIERS = 5;

/** Longest rejection reason an operator may write (the customer reads it on My purifiers and in an e-mail). */
export const REJECT_REASON_MAX = 500;
