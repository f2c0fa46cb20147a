import { z } from "zod";

// Paging as every list call takes and answers it (docs/api.md): `page` from 1 and `pageSize` up to
// the list's own maximum in the query; `{ list, total }` back, where total counts every match.

/** The `page` and `pageSize` query fields of a list whose pages hold `size.default` rows unless asked, `size.max` at most. */
export function pageFields(size: { default: number; max: number }) {
  return {
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(size.max).default(size.default),
  };
}

/** The customer's lists: ten a page unless asked, fifty at most. */
export const CUSTOMER_PAGE_FIELDS = pageFields({ default: 10, max: 50 });
/** The operator's lists: twenty a page unless asked, a hundred at most. */
export const OPERATOR_PAGE_FIELDS = pageFields({ default: 20, max: 100 });

/** One page of a list: its rows and how many match in all. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ list: z.array(item), total: z.number().int() });
}

/** What a list page reads from its address: the query and search values, one of each. */
export type SearchParams = Readonly<Record<string, string | string[] | undefined>>;

/** How many rows the console's list pages show at a time (the API's default is its own). */
export const CONSOLE_PAGE_SIZE = 25;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A console list's query from the page's address: the named filters (blank ones left out), the page
 * asked for and the console's page size. A hand-typed bad filter lists everything rather than
 * showing an error page.
 */
export function consoleListQuery<Query extends { page: number; pageSize: number }>(
  schema: z.ZodType<Query, unknown>,
  search: SearchParams,
  filters: readonly string[],
): Query {
  const parsed = schema.safeParse({
    ...Object.fromEntries(filters.map((name) => [name, first(search[name]) || undefined])),
    page: first(search.page) ?? 1,
    pageSize: CONSOLE_PAGE_SIZE,
  });
  return parsed.success ? parsed.data : schema.parse({ pageSize: CONSOLE_PAGE_SIZE });
}

/** How many pages `total` rows fill; one at least, so an empty list still reads "page 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
