import type { PurifierVerification } from "@/lib/config/purifiers";
import { formatOrderDate } from "@/lib/display/order-display";
import type { PurifierProof } from "@/lib/schemas/purifier";

// How My purifiers, the account page and the console word a purifier's verification
// (docs/decisions/0040). Apart from purifier-display.ts, whose care messages the product page's buy
// box reads: these need the date formatting, which that bundle does without.

/** A purifier's verification in a word or two: on My purifiers, the account page and the console. */
export const VERIFICATION_LABELS: Readonly<Record<PurifierVerification, string>> = {
  shipped: "Bought from Lenwell",
  awaiting_proof: "Awaiting verification",
  in_review: "Awaiting verification: proof received",
  verified: "Verified from proof of purchase",
  rejected: "Not verified",
};

/** Why a purifier added by its owner cannot be put on Lenwell Care yet (the same on every state that waits). */
export const VERIFICATION_WHY =
  "Lenwell Care covers purifiers we can vouch for: one we shipped you, or one we have verified from its proof of purchase.";

/** "receipt.pdf, 120 KB, sent Nov 25, 2026". */
export function proofText(proof: PurifierProof): string {
  const size =
    proof.size < 1024 * 1024 ? `${Math.max(1, Math.round(proof.size / 1024))} KB` : `${(proof.size / (1024 * 1024)).toFixed(1)} MB`;
  return `${proof.fileName}, ${size}, sent ${formatOrderDate(proof.uploadedAt)}`;
}
