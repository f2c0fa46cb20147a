import type { ReactNode } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { TAP_TARGET } from "@/components/ui/tap-target";
import { pageCount } from "@/lib/schemas/paging";

/** One column header: its label, or a numeric column's, right-aligned like its cells. */
export type ConsoleColumn = string | { label: string; numeric: true };

/** A numeric column: its header and cells right-aligned. */
export function numeric(label: string): ConsoleColumn {
  return { label, numeric: true };
}

type StatusFilter = { label: string; status: string | null };

/**
 * What a searchable list is searched by, and what it calls one row and many. The free-text field is
 * the record lists' `q` (a number, an e-mail, a name; at most 200 characters, as their query
 * schemas take it) unless `name` and `maxLength` say otherwise.
 */
export type ConsoleSearch = {
  /** The list's own address: the form is sent there, and the pager links to it. */
  action: string;
  label: string;
  name?: string;
  maxLength?: number;
  capitals?: boolean;
  /** The status choices, when the list has a status filter (parameter `status`). */
  statuses?: readonly StatusFilter[];
  one: string;
  many: string;
};

/** The query parameter of a search's free-text field. */
export function searchFieldName(search: Pick<ConsoleSearch, "name">): string {
  return search.name ?? "q";
}

/** The values a list page was opened with, as its query schema parsed them. */
export type ConsoleListQuery = Readonly<Record<string, unknown>> & { page: number; pageSize: number };

function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The search's parameters as the page was opened with them, blanks included (the form's values). */
function searchValues(search: ConsoleSearch, query: ConsoleListQuery): Record<string, string> {
  const name = searchFieldName(search);
  const values: Record<string, string> = { [name]: textOf(query[name]) };
  if (search.statuses) values.status = textOf(query.status);
  return values;
}

/**
 * The console's list search: a free-text query and, where the list has one, a status filter, sent as
 * a plain GET, so a search is a link an operator can share and the page works before any script has
 * loaded.
 */
export function ConsoleSearchForm({ search, values }: { search: ConsoleSearch; values: Readonly<Record<string, string>> }) {
  const { label, statuses, maxLength = 200, capitals = false } = search;
  const name = searchFieldName(search);
  return (
    <form method="get" action={search.action} className="mt-4 flex flex-wrap items-end gap-3" role="search">
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        {label}
        <input
          type="search"
          name={name}
          defaultValue={values[name]}
          maxLength={maxLength}
          autoCapitalize={capitals ? "characters" : undefined}
          className="h-11 w-72 max-w-full rounded-lg border border-line px-3 text-base font-normal"
        />
      </label>
      {statuses ? (
        <label className="flex flex-col gap-1 text-sm font-medium text-ink">
          Status
          <select
            name="status"
            defaultValue={values.status}
            className="h-11 rounded-lg border border-line bg-white px-3 text-base font-normal"
          >
            {statuses.map((filter) => (
              <option key={filter.label} value={filter.status ?? ""}>
                {filter.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
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

export type TableLayout = {
  gap?: keyof typeof GAP;
  minWidth?: keyof typeof MIN_WIDTH;
  /** The scroll region's name; a page with several tables names each (landmarks' names differ). */
  label?: string;
};

/**
 * A console table in its scroll region: focusable and named, so a phone user can scroll it with the
 * keyboard (axe's scrollable-region-focusable). Rows come as children.
 */
export function ConsoleTable({
  columns,
  gap = "page",
  minWidth = "wide",
  label = "Scrollable table",
  children,
}: TableLayout & { columns: readonly ConsoleColumn[]; children: ReactNode }) {
  return (
    <div className={`${GAP[gap]} overflow-x-auto rounded-xl border border-line`} tabIndex={0} role="region" aria-label={label}>
      <table className={`w-full ${MIN_WIDTH[minWidth]} text-left text-sm`}>
        <thead className="bg-canvas text-ink-soft">
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col" className="px-3 py-2 font-semibold">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className="px-3 py-2 text-right font-semibold">
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** A table of `rowCount` rows, or the note that says why there are none. */
export function ConsoleRows({
  rowCount,
  empty,
  children,
  ...table
}: TableLayout & { columns: readonly ConsoleColumn[]; rowCount: number; empty: ReactNode; children: ReactNode }) {
  return rowCount === 0 ? <EmptyNote>{empty}</EmptyNote> : <ConsoleTable {...table}>{children}</ConsoleTable>;
}

function listHref(base: string, values: Readonly<Record<string, string>>, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** Previous / next links that keep the search; nothing when everything fits on one page. */
export function ListPager({
  base,
  values,
  page,
  pageCount,
}: {
  base: string;
  values: Readonly<Record<string, string>>;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link href={listHref(base, values, page - 1)} className={`${TAP_TARGET} text-brand-700 underline`}>
          Previous
        </Link>
      ) : null}
      <span className="text-ink-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link href={listHref(base, values, page + 1)} className={`${TAP_TARGET} text-brand-700 underline`}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** A searched list: what the page was opened with, and how many rows matched in all. */
export type Searched = {
  search: ConsoleSearch;
  query: ConsoleListQuery;
  total: number;
  /** Said instead of the count (which then has no pager): the unsearched list's own line. */
  unsearched?: ReactNode;
};

/**
 * A console list page: its title, what it holds or is searched by, the table (or why it is empty)
 * and, for a searched list, the count and the pager that keep the search. The page renders the rows.
 */
export function ConsoleListPage({
  titleId,
  title,
  intro,
  searched,
  after,
  ...rows
}: TableLayout & {
  titleId: string;
  title: string;
  /** Under the title: what the list holds, its own filters. */
  intro?: ReactNode;
  searched?: Searched;
  /** Under the table: links on to related pages, further tables. */
  after?: ReactNode;
  columns: readonly ConsoleColumn[];
  rowCount: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  const values = searched ? searchValues(searched.search, searched.query) : {};
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId} className="text-2xl font-bold text-ink">
        {title}
      </h1>
      {intro}
      {searched ? <ConsoleSearchForm search={searched.search} values={values} /> : null}
      {searched
        ? (searched.unsearched ?? <ResultCount total={searched.total} one={searched.search.one} many={searched.search.many} />)
        : null}
      <ConsoleRows {...rows} />
      {searched && !searched.unsearched ? (
        <ListPager
          base={searched.search.action}
          values={values}
          page={searched.query.page}
          pageCount={pageCount(searched.total, searched.query.pageSize)}
        />
      ) : null}
      {after}
    </section>
  );
}

/**
 * A link in a console table or under it. `record`: the link that opens the row's record (its number),
 * set in bold and underlined on hover only, as the row's first cell.
 */
export function ConsoleLink({ href, record = false, children }: { href: string; record?: boolean; children: ReactNode }) {
  const look = record ? "font-medium text-brand-700 underline-offset-2 hover:underline" : "text-brand-700 underline";
  return (
    <Link href={href} className={`${TAP_TARGET} ${look}`}>
      {children}
    </Link>
  );
}

/** A row's first cell: the link that opens the row's record, and under it a line of detail. */
export function RecordCell({ href, detail, children }: { href: string; detail?: ReactNode; children: ReactNode }) {
  return (
    <td className="px-3 py-2">
      <ConsoleLink record href={href}>
        {children}
      </ConsoleLink>
      {detail ? <span className="block text-xs text-ink-muted">{detail}</span> : null}
    </td>
  );
}
