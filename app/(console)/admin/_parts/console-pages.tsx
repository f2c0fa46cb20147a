import "server-only";
import type { ComponentType, ReactNode } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { z } from "zod";
import { consoleListQuery, type SearchParams } from "@/lib/schemas/paging";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { findById } from "@/lib/server/base/find-by-id";
import { STORE_NAME } from "@/lib/config/store";
import { NOT_FOUND_TITLE } from "@/lib/site/seo";
import { ConsoleRecord, type TimelineEvent } from "@/components/console/console-history";
import {
  ConsoleListPage,
  type ConsoleColumn,
  type ConsoleListQuery,
  type ConsoleSearch,
  type Searched,
  type TableLayout,
  searchFieldName,
} from "@/components/console/console-list";

// The console's pages as functions of what is their own: every page checks the operator, reads
// its records and draws them the same way, so that way is written here once and a page states
// its texts, its columns, its service call and how one row or one record reads. Here, not in
// components/console: it calls the server (the operator check, the services), which components never do.

type Operator = Awaited<ReturnType<typeof requireOperatorPage>>;

/** What a list page shows the same on every visit: its heading, its table, how a row reads. */
type ListFrame<Row> = TableLayout & {
  /** The page's own address; its last part names the title (`/admin/orders`: `orders-title`). */
  route: string;
  title: string;
  columns: readonly ConsoleColumn[];
  /** One table row: a `<tr>` with its key. */
  row: (row: Row) => ReactNode;
  intro?: ReactNode;
  after?: ReactNode;
  empty?: ReactNode;
};

/** What one visit found: the rows, and the parts of the page that depend on them (over the frame's). */
type ListView<Row> = { rows: readonly Row[]; intro?: ReactNode; after?: ReactNode; empty?: ReactNode; searched?: Searched };

type ListLoad<Row> = (operator: Operator, search: SearchParams) => Promise<ListView<Row>>;

/** A console list page: the operator checked, the rows loaded by `load`, drawn in the list's frame. */
export function consoleListPage<Row>({ route, row, load, ...frame }: ListFrame<Row> & { load: ListLoad<Row> }) {
  const titleId = `${route.slice(route.lastIndexOf("/") + 1)}-title`;
  return async function ConsoleList({ searchParams }: { searchParams: Promise<SearchParams> }) {
    const operator = await requireOperatorPage();
    const { rows, ...view } = await load(operator, await searchParams);
    return (
      <ConsoleListPage titleId={titleId} {...frame} {...view} empty={view.empty ?? frame.empty} rowCount={rows.length}>
        {rows.map((item) => row(item))}
      </ConsoleListPage>
    );
  };
}

/** A searched list's own words and choices; its form is sent to the page's own address. */
type SearchedFrame<Query, Row> = ListFrame<Row> & {
  search: Omit<ConsoleSearch, "action">;
  /** What an empty list says for the search it was opened with; by default "No <many> match.". */
  emptyFor?: (query: Query) => ReactNode;
  /** The unsearched list's own line instead of the count (and then no pager); undefined: the count. */
  unsearchedFor?: (query: Query) => ReactNode;
};

/**
 * A searchable console list, read a page at a time: the search and the page asked for read from the
 * address through the list's query schema, `list` (its service call) answers the page's rows and
 * how many match in all, and the count and the pager keep the search. Its table sits closer under
 * the count than under a page's intro.
 */
export function searchedListPage<Query extends ConsoleListQuery, Row>(
  schema: z.ZodType<Query, unknown>,
  list: (operator: Operator, query: Query) => Promise<{ list: readonly Row[]; total: number }>,
  { search: words, emptyFor = () => `No ${words.many} match.`, unsearchedFor, gap = "list", ...frame }: SearchedFrame<Query, Row>,
) {
  const search: ConsoleSearch = { ...words, action: frame.route };
  const filters = search.statuses ? [searchFieldName(search), "status"] : [searchFieldName(search)];
  return consoleListPage({
    ...frame,
    gap,
    load: async (operator, params) => {
      const query = consoleListQuery(schema, params, filters);
      const { list: rows, total } = await list(operator, query);
      return { rows, empty: emptyFor(query), searched: { search, query, total, unsearched: unsearchedFor?.(query) } };
    },
  });
}

/** Where a record page's record comes from: the address's parameter, the record and its timeline. */
type RecordSource<Param extends string, Item> = {
  /** The route's parameter, which is also the record's own id field. */
  param: Param;
  /** The record; its 404 (unknown id) is the page's 404. */
  get: (operator: Operator, id: string) => Promise<Item>;
  events: (operator: Operator, id: string) => Promise<readonly TimelineEvent[]>;
};

/** What a record page draws of its record: ConsoleRecord's parts that are not its kind's. */
export type RecordView = { title: string; facts: ReactNode; actions: ReactNode; sections: ReactNode };

/** What a kind of record is called on its page, whichever record it is. */
type RecordKind<Status> = {
  /** Prefixes the page's heading ids. */
  id: string;
  back: { href: string; label: string };
  /** An event type in the record's own words. */
  label: (type: string) => string;
  /** Shows the record's status beside its title. */
  badge: ComponentType<{ status: Status }>;
};

/**
 * A console record page (an order, an after-sale request): the operator checked, the record found
 * by the id in the address (a malformed or unknown one is the 404 page), then its timeline, drawn
 * by ConsoleRecord in the words of its kind, with `view`'s parts.
 */
export function consoleRecordPage<Param extends string, Status, Item extends Readonly<Record<Param, string> & { status: Status }>>(
  { param, get, events }: RecordSource<Param, Item>,
  { badge: Badge, ...kind }: RecordKind<Status>,
  view: (record: Item) => RecordView,
) {
  return async function ConsoleRecordPage({ params }: { params: Promise<Readonly<Record<Param, string>>> }) {
    const operator = await requireOperatorPage();
    const record = await findById((await params)[param], (id) => get(operator, id));
    if (!record) notFound();
    const timeline = await events(operator, record[param]);
    const { sections, ...parts } = view(record);
    return (
      <ConsoleRecord {...kind} {...parts} status={<Badge status={record.status} />} events={timeline}>
        {sections}
      </ConsoleRecord>
    );
  };
}

/**
 * A record page's title, or the 404 page's when the address names no record: that page is the
 * shop's, so its title is the shop's too rather than the console's template.
 */
export function recordTitle(found: boolean, title: string): Metadata["title"] {
  return found ? title : { absolute: `${NOT_FOUND_TITLE} | ${STORE_NAME}` };
}

/** recordTitle for a page whose record is found by an id in its address. */
export function consoleRecordMetadata<Param extends string, Item>(
  { param, get }: Pick<RecordSource<Param, Item>, "param" | "get">,
  title: string,
) {
  return async function generateMetadata({ params }: { params: Promise<Readonly<Record<Param, string>>> }): Promise<Metadata> {
    const operator = await requireOperatorPage();
    const record = await findById((await params)[param], (id) => get(operator, id));
    return { title: recordTitle(Boolean(record), title) };
  };
}
