import type { ReactNode } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { TAP_TARGET } from "@/components/ui/tap-target";

/** One column header; numeric columns are right-aligned like their cells. */
export type ConsoleColumn = { label: string; numeric?: boolean };

type SearchFilter = { label: string; status: string | null };

/**
 * The console's list search: a free-text query and a status filter sent as a plain GET, so a search
 * is a link an operator can share and the page works before any script has loaded.
 */
export function ConsoleSearchForm({
  action,
  queryLabel,
  q,
  status,
  filters,
}: {
  action: string;
  queryLabel: string;
  q: string;
  status: string;
  filters: readonly SearchFilter[];
}) {
  return (
    <form method="get" action={action} className="mt-4 flex flex-wrap items-end gap-3" role="search">
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        {queryLabel}
        <input
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          className="h-11 w-72 max-w-full rounded-lg border border-line px-3 text-base font-normal"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Status
        <select name="status" defaultValue={status} className="h-11 rounded-lg border border-line bg-white px-3 text-base font-normal">
          {filters.map((filter) => (
            <option key={filter.label} value={filter.status ?? ""}>
              {filter.label}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" className="h-11 px-5 text-sm">
        Search
      </Button>
    </form>
  );
}

/** How many matched, as a status line so a screen reader hears the new count after a search. */
export function ResultCount({ total, one, many }: { total: number; one: string; many: string }) {
  return (
    <p className="mt-4 text-sm text-ink-muted" role="status">
      {total === 1 ? `1 ${one}` : `${total} ${many}`}
    </p>
  );
}

/** What a list shows instead of an empty table. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="mt-6 rounded-xl border border-line bg-canvas p-6 text-ink-soft">{children}</p>;
}

// Whole class names, so Tailwind finds them in the source.
const GAP = { tight: "mt-2", list: "mt-3", page: "mt-4" } as const;
const MIN_WIDTH = { narrow: "min-w-[480px]", medium: "min-w-[560px]", wide: "min-w-[640px]" } as const;

/**
 * A console table in its scroll region: focusable and named, so a phone user can scroll it with the
 * keyboard (axe's scrollable-region-focusable). Rows come as children.
 */
export function ConsoleTable({
  columns,
  gap = "page",
  minWidth = "wide",
  children,
}: {
  columns: readonly ConsoleColumn[];
  gap?: keyof typeof GAP;
  minWidth?: keyof typeof MIN_WIDTH;
  children: ReactNode;
}) {
  return (
    <div className={`${GAP[gap]} overflow-x-auto rounded-xl border border-line`} tabIndex={0} role="region" aria-label="Scrollable table">
      <table className={`w-full ${MIN_WIDTH[minWidth]} text-left text-sm`}>
        <thead className="bg-canvas text-ink-soft">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.numeric ? "px-3 py-2 text-right font-semibold" : "px-3 py-2 font-semibold"}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

function listHref(base: string, q: string, status: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** Previous / next links that keep the search; nothing when everything fits on one page. */
export function ListPager({
  base,
  q,
  status,
  page,
  pageCount,
}: {
  base: string;
  q: string;
  status: string;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link href={listHref(base, q, status, page - 1)} className={`${TAP_TARGET} text-brand-700 underline`}>
          Previous
        </Link>
      ) : null}
      <span className="text-ink-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link href={listHref(base, q, status, page + 1)} className={`${TAP_TARGET} text-brand-700 underline`}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
