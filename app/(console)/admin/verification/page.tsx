import type { Metadata } from "next";
import { ConsoleLink } from "@/components/console/console-list";
import { PurifierReviewActions } from "@/components/console/purifier-review-actions";
import { TAP_TARGET } from "@/components/ui/tap-target";
import { searchedListPage } from "../_parts/console-pages";
import { ADMIN_API_PREFIX } from "@/lib/config/public-env";
import { PROOF_MAX_TEXT } from "@/lib/config/purifiers";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { formatOrderDate, orderNumber } from "@/lib/display/order-display";
import { formatDay } from "@/lib/display/purifier-display";
import { proofText, VERIFICATION_LABELS } from "@/lib/display/verification-display";
import { operatorVerificationListQuerySchema, type OperatorVerification } from "@/lib/schemas/purifier";
import { operatorListVerifications } from "@/lib/server/purifiers";

export const metadata: Metadata = { title: "Verification" };

const FILTERS = [
  { label: "All waiting", status: null },
  { label: "Proof received", status: "in_review" },
  { label: "No proof yet", status: "awaiting_proof" },
] as const;

/** What else the shop knows of the serial: the orders that shipped it, other customers' purifiers with it. */
function SameSerial({ purifier }: { purifier: OperatorVerification }) {
  if (purifier.shipments.length === 0 && purifier.otherClaims.length === 0) {
    return <span className="text-ink-muted">Nothing else on record</span>;
  }
  return (
    <ul className="flex flex-col gap-1">
      {purifier.shipments.map((shipment) => (
        <li key={shipment.orderId}>
          <ConsoleLink href={consoleOrderPath(shipment.orderId)}>Shipped in order #{orderNumber(shipment.orderId)}</ConsoleLink>
          <span className="block text-xs break-all text-ink-muted">to {shipment.customerEmail}</span>
        </li>
      ))}
      {purifier.otherClaims.map((claim, index) => (
        <li key={`${claim.customerEmail}-${index}`} className="break-all">
          Also on a purifier of {claim.customerEmail}
          <span className="block text-xs text-ink-muted">{VERIFICATION_LABELS[claim.verification]}</span>
        </li>
      ))}
    </ul>
  );
}

// The purifiers customers added, waiting for an operator: the longest waiting first, each with its
// proof of purchase (a download), what else the shop knows of its serial, and the decision. Only a
// verified (or shipped) purifier may be put on Lenwell Care: docs/decisions/0040.
export default searchedListPage(operatorVerificationListQuerySchema, operatorListVerifications, {
  route: ROUTES.consoleVerification,
  title: "Purifiers to verify",
  intro: (
    <p className="mt-2 max-w-3xl text-sm text-ink-soft">
      Purifiers customers added themselves. Lenwell Care can be bought for one only once it is verified here from its proof of purchase (a
      receipt or invoice naming a Lenwell purifier, PDF, JPEG or PNG up to {PROOF_MAX_TEXT}). Open the proof, check it against the serial
      and the purchase date, then verify, or reject with a reason the customer reads.
    </p>
  ),
  search: { name: "serial", label: "Serial number", maxLength: 32, capitals: true, statuses: FILTERS, one: "purifier", many: "purifiers" },
  emptyFor: ({ serial, status }) =>
    serial
      ? `No purifier waiting for verification has a serial containing ${serial.toUpperCase()}.`
      : status === "awaiting_proof"
        ? "No purifier waits for a proof of purchase."
        : "No purifier waits for verification.",
  columns: ["Purifier", "Customer", "Proof of purchase", "Same serial elsewhere", "Decision"],
  gap: "page",
  row: (purifier) => (
    <tr key={purifier.purifierId} className="align-top">
      <td className="px-3 py-2">
        <span className="font-medium break-all">{purifier.serial ?? "No serial"}</span>
        <span className="block text-xs text-ink-muted">Bought {formatDay(purifier.purchasedOn)}</span>
        <span className="block text-xs text-ink-muted">Added {formatOrderDate(purifier.registeredAt)}</span>
      </td>
      <td className="px-3 py-2 break-all">{purifier.customer.email}</td>
      <td className="px-3 py-2">
        {purifier.proof ? (
          <a
            href={`${ADMIN_API_PREFIX}/purifiers/proof?purifierId=${encodeURIComponent(purifier.purifierId)}`}
            className={`${TAP_TARGET} break-all text-brand-700 underline`}
          >
            {proofText(purifier.proof)}
          </a>
        ) : (
          <span className="text-ink-muted">None yet</span>
        )}
      </td>
      <td className="px-3 py-2">
        <SameSerial purifier={purifier} />
      </td>
      <td className="px-3 py-2">
        <PurifierReviewActions purifierId={purifier.purifierId} serial={purifier.serial} verification={purifier.verification} />
      </td>
    </tr>
  ),
});
