import type { Metadata } from "next";
import { ConsoleLink } from "@/components/console/console-list";
import { searchedListPage } from "../_parts/console-pages";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { careText, dueText, formatDay } from "@/lib/display/purifier-display";
import { VERIFICATION_LABELS } from "@/lib/display/verification-display";
import { operatorPurifierListQuerySchema } from "@/lib/schemas/purifier";
import { operatorListPurifiers } from "@/lib/server/purifiers";

export const metadata: Metadata = { title: "Purifiers" };

// Find a purifier by (part of) its serial, or see the latest registrations: who owns it, where it
// came from, whether the shop vouches for it, its filters' due days and its care cover, as the
// customer's own page computes them.
export default searchedListPage(operatorPurifierListQuerySchema, operatorListPurifiers, {
  route: ROUTES.consolePurifiers,
  title: "Purifiers",
  search: { name: "serial", label: "Serial number", maxLength: 32, capitals: true, one: "purifier", many: "purifiers" },
  emptyFor: ({ serial }) => (serial ? `No purifier has a serial containing ${serial.toUpperCase()}.` : "No purifiers registered yet."),
  // Unsearched, the page shows the latest registrations only: a count of them all would not match it.
  unsearchedFor: ({ serial, pageSize }) =>
    serial ? undefined : <p className="mt-4 text-sm text-ink-muted">The {pageSize} most recent registrations.</p>,
  columns: ["Serial", "Owner", "Source", "Verification", "Purchased", "Installed", "Filters due", "Lenwell Care"],
  gap: "page",
  row: (purifier) => (
    <tr key={purifier.purifierId} className="align-top">
      <td className="px-3 py-2 font-medium break-all">{purifier.serial ?? "Not entered"}</td>
      <td className="px-3 py-2 break-all">{purifier.customer.email}</td>
      <td className="px-3 py-2">
        {purifier.orderId ? <ConsoleLink href={consoleOrderPath(purifier.orderId)}>Our order</ConsoleLink> : "Added by the customer"}
      </td>
      <td className="px-3 py-2">
        {purifier.verification === "awaiting_proof" || purifier.verification === "in_review" ? (
          <ConsoleLink href={`${ROUTES.consoleVerification}?serial=${encodeURIComponent(purifier.serial ?? "")}`}>
            {VERIFICATION_LABELS[purifier.verification]}
          </ConsoleLink>
        ) : (
          VERIFICATION_LABELS[purifier.verification]
        )}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDay(purifier.purchasedOn)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDay(purifier.installedOn)}</td>
      <td className="px-3 py-2">
        <ul>
          {purifier.stages.map((stage) => (
            <li key={stage.stage} className="whitespace-nowrap">
              {stage.stage}. {formatDay(stage.dueOn)} <span className="text-ink-muted">({dueText(stage).toLowerCase()})</span>
            </li>
          ))}
        </ul>
      </td>
      <td className="px-3 py-2">{careText(purifier.care) ?? "None"}</td>
    </tr>
  ),
});
