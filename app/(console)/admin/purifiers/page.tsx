import type { Metadata } from "next";
import { ConsoleLink, ConsoleListPage, type ConsoleColumn, type ConsoleSearch } from "@/components/console/console-list";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { careText, dueText, formatDay } from "@/lib/display/purifier-display";
import { consoleListQuery, type SearchParams } from "@/lib/schemas/paging";
import { operatorPurifierListQuerySchema } from "@/lib/schemas/purifier";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { adminListPurifiers } from "@/lib/server/purifiers";

export const metadata: Metadata = { title: "Purifiers" };

const COLUMNS: readonly ConsoleColumn[] = [
  { label: "Serial" },
  { label: "Owner" },
  { label: "Source" },
  { label: "Purchased" },
  { label: "Installed" },
  { label: "Filters due" },
  { label: "Lenwell Care" },
];

const SEARCH: ConsoleSearch = {
  action: ROUTES.consolePurifiers,
  field: { name: "serial", label: "Serial number", maxLength: 32, capitals: true },
  noun: { one: "purifier", many: "purifiers" },
};

// Find a purifier by (part of) its serial, or see the latest registrations: who owns it, where it
// came from, its filters' due days and its care cover, as the customer's own page computes them.
export default async function ConsolePurifiersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const operator = await requireOperatorPage();
  const query = consoleListQuery(operatorPurifierListQuerySchema, await searchParams, ["serial"]);
  const { list, total } = await adminListPurifiers(operator, query);
  const serial = query.serial ?? "";
  // Unsearched, the page shows the latest registrations only: a count of them all would not match it.
  const unsearched = serial ? undefined : <p className="mt-4 text-sm text-ink-muted">The {query.pageSize} most recent registrations.</p>;

  return (
    <ConsoleListPage
      titleId="purifiers-title"
      title="Purifiers"
      searched={{ search: SEARCH, query, total, unsearched }}
      columns={COLUMNS}
      rowCount={list.length}
      empty={serial ? `No purifier has a serial containing ${serial.toUpperCase()}.` : "No purifiers registered yet."}
    >
      {list.map((purifier) => (
        <tr key={purifier.purifierId} className="align-top">
          <td className="px-3 py-2 font-medium break-all">{purifier.serial ?? "Not entered"}</td>
          <td className="px-3 py-2 break-all">{purifier.customer.email}</td>
          <td className="px-3 py-2">
            {purifier.orderId ? <ConsoleLink href={consoleOrderPath(purifier.orderId)}>Our order</ConsoleLink> : "Added by the customer"}
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
      ))}
    </ConsoleListPage>
  );
}
