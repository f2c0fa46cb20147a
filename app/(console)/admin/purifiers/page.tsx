import type { Metadata } from "next";
import Link from "next/link";
import { ConsoleTable, EmptyNote, ResultCount, type ConsoleColumn } from "@/components/console/console-list";
import { Button } from "@/components/ui/button";
import { TAP_TARGET } from "@/components/ui/tap-target";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { careText, dueText, formatDay } from "@/lib/display/purifier-display";
import { operatorPurifierListQuerySchema } from "@/lib/schemas/purifier";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { adminListPurifiers } from "@/lib/server/purifiers";

export const metadata: Metadata = { title: "Purifiers" };

const PAGE_SIZE = 25;

const COLUMNS: readonly ConsoleColumn[] = [
  { label: "Serial" },
  { label: "Owner" },
  { label: "Source" },
  { label: "Purchased" },
  { label: "Installed" },
  { label: "Filters due" },
  { label: "Lenwell Care" },
];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

// Find a purifier by (part of) its serial, or see the latest registrations: who owns it, where it
// came from, its filters' due days and its care cover, as the customer's own page computes them.
export default async function ConsolePurifiersPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requireOperatorPage();
  const raw = await searchParams;
  const parsed = operatorPurifierListQuerySchema.safeParse({ serial: first(raw.serial) || undefined, pageSize: PAGE_SIZE });
  const query = parsed.success ? parsed.data : operatorPurifierListQuerySchema.parse({ pageSize: PAGE_SIZE });
  const { list, total } = await adminListPurifiers(operator, query);
  const serial = query.serial ?? "";

  return (
    <section aria-labelledby="purifiers-title">
      <h1 id="purifiers-title" className="text-2xl font-bold text-ink">
        Purifiers
      </h1>
      <form method="get" action={ROUTES.consolePurifiers} className="mt-4 flex flex-wrap items-end gap-3" role="search">
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Serial number
          <input
            type="search"
            name="serial"
            defaultValue={serial}
            maxLength={32}
            autoCapitalize="characters"
            className="h-11 w-72 max-w-full rounded-lg border border-line px-3 text-base font-normal"
          />
        </label>
        <Button type="submit" className="h-11 px-5 text-sm">
          Search
        </Button>
      </form>
      {serial ? (
        <ResultCount total={total} one="purifier" many="purifiers" />
      ) : (
        <p className="mt-4 text-sm text-ink-muted">The {PAGE_SIZE} most recent registrations.</p>
      )}
      {list.length === 0 ? (
        <EmptyNote>{serial ? `No purifier has a serial containing ${serial.toUpperCase()}.` : "No purifiers registered yet."}</EmptyNote>
      ) : (
        <ConsoleTable columns={COLUMNS}>
          {list.map((purifier) => (
            <tr key={purifier.purifierId} className="align-top">
              <td className="px-3 py-2 font-medium break-all">{purifier.serial ?? "Not entered"}</td>
              <td className="px-3 py-2 break-all">{purifier.customer.email}</td>
              <td className="px-3 py-2">
                {purifier.orderId ? (
                  <Link href={consoleOrderPath(purifier.orderId)} className={`${TAP_TARGET} text-brand-700 underline`}>
                    Our order
                  </Link>
                ) : (
                  "Added by the customer"
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
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}
