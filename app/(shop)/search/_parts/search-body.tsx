import { AnswerResult, OrderResult, ProductResult, PurifierResult, ResultGroup } from "@/components/search-page/search-page-parts";
import { ContactDetails } from "@/components/content/contact-details";
import { Container } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { ROUTES } from "@/lib/config/routes";
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, searchPageQuerySchema, type SearchGroup, type SearchPageQuery } from "@/lib/schemas/search";
import type { SearchParams } from "@/lib/schemas/paging";
import type { GroupPage, SearchOutcome } from "@/lib/server/search";

// The /search page's content, drawn the same whether it is rendered for a signed-in customer (their
// orders and purifiers too) or, for everyone else, once and served from the cache
// (app/(shop)/search/for/…, docs/decisions/0050).

const GROUP_TITLES: Record<SearchGroup, string> = {
  products: "Products",
  answers: "Answers",
  orders: "Your orders",
  purifiers: "Your purifiers",
};

function searchHref(q: string, group?: SearchGroup, page?: number): string {
  const params = new URLSearchParams({ q });
  if (group) params.set("group", group);
  if (page && page > 1) params.set("page", String(page));
  return `${ROUTES.search}?${params.toString()}`;
}

/** Why a query cannot be searched, in words that say what to type instead. */
function invalidQueryText(typed: string): string {
  const trimmed = typed.trim();
  if (trimmed.length > SEARCH_QUERY_MAX) return `That search is too long: use at most ${SEARCH_QUERY_MAX} characters.`;
  if (trimmed.length >= SEARCH_QUERY_MIN) return "That search holds characters we cannot search for: type it as plain text.";
  return `Type at least ${SEARCH_QUERY_MIN} characters to search: a product, a filter, a question, or one of your order numbers.`;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const LINK = "font-medium text-brand-700 underline underline-offset-2";

/**
 * The page below the top bar for what was asked (`params`, as the address gives them): the form, then
 * the groups, the no-results help, or why the query cannot be searched. `search` runs the parsed
 * query (for this visitor, or for anyone from the cache).
 */
export async function SearchBody({ params, search }: { params: SearchParams; search: (query: SearchPageQuery) => Promise<SearchOutcome> }) {
  const typed = first(params.q) ?? "";
  const parsed = searchPageQuerySchema.safeParse({
    q: typed,
    group: first(params.group),
    page: first(params.page),
    pageSize: first(params.pageSize),
  });
  const found = parsed.success ? await search(parsed.data) : null;
  const total = found ? found.products.total + found.answers.total + found.orders.total + found.purifiers.total : 0;

  return (
    <Container className="py-10 desk:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Search</h1>
      <form action={ROUTES.search} method="get" role="search" className="mt-6 flex max-w-2xl flex-wrap gap-3">
        <label htmlFor="search-page-q" className="sr-only">
          Search the shop
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={typed.slice(0, 200)}
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Products, filters, questions, order numbers"
          className="h-11 min-w-0 flex-1 rounded-lg border border-line bg-white px-3 text-base"
        />
        <button type="submit" className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          Search
        </button>
      </form>

      {!parsed.success ? (
        <p className="mt-6 max-w-2xl text-ink-soft" role="status">
          {invalidQueryText(typed)}
        </p>
      ) : found && total === 0 ? (
        <NoResults found={found} />
      ) : found ? (
        <>
          <p className="mt-6 text-ink-soft" role="status">
            {total === 1 ? "1 result" : `${total} results`} for “{found.query}”
            {parsed.data.group ? (
              <>
                {" "}
                in {GROUP_TITLES[parsed.data.group].toLowerCase()}.{" "}
                <ShopLink href={searchHref(parsed.data.q)} className={LINK}>
                  Show every group
                </ShopLink>
              </>
            ) : (
              "."
            )}
          </p>
          <Groups found={found} q={parsed.data.q} group={parsed.data.group} page={parsed.data.page} pageSize={parsed.data.pageSize} />
        </>
      ) : null}
    </Container>
  );
}

function Groups({
  found,
  q,
  group,
  page,
  pageSize,
}: {
  found: SearchOutcome;
  q: string;
  group: SearchGroup | undefined;
  page: number;
  pageSize: number;
}) {
  const more = (name: SearchGroup, result: GroupPage<unknown>) => {
    if (!group) {
      return result.total > result.hits.length ? (
        <ShopLink href={searchHref(q, name)} className={LINK}>
          See all {result.total} {GROUP_TITLES[name].toLowerCase()}
        </ShopLink>
      ) : null;
    }
    const pages = Math.max(1, Math.ceil(result.total / pageSize));
    if (pages === 1) return null;
    return (
      <nav aria-label={`Pages of ${GROUP_TITLES[name].toLowerCase()}`} className="flex gap-4">
        {page > 1 ? (
          <ShopLink href={searchHref(q, name, page - 1)} className={LINK}>
            Previous page
          </ShopLink>
        ) : null}
        <span className="text-ink-muted">
          Page {page} of {pages}
        </span>
        {page < pages ? (
          <ShopLink href={searchHref(q, name, page + 1)} className={LINK}>
            Next page
          </ShopLink>
        ) : null}
      </nav>
    );
  };
  return (
    <>
      {found.products.total > 0 ? (
        <ResultGroup id="products" title={GROUP_TITLES.products} total={found.products.total} more={more("products", found.products)}>
          {found.products.hits.map((hit) => (
            <li key={hit.skuNum}>
              <ProductResult hit={hit} />
            </li>
          ))}
        </ResultGroup>
      ) : null}
      {found.answers.total > 0 ? (
        <ResultGroup id="answers" title={GROUP_TITLES.answers} total={found.answers.total} more={more("answers", found.answers)}>
          {found.answers.hits.map((hit) => (
            <li key={hit.id}>
              <AnswerResult hit={hit} />
            </li>
          ))}
        </ResultGroup>
      ) : null}
      {found.orders.total > 0 ? (
        <ResultGroup id="orders" title={GROUP_TITLES.orders} total={found.orders.total} more={more("orders", found.orders)}>
          {found.orders.hits.map((hit) => (
            <li key={hit.orderId}>
              <OrderResult hit={hit} />
            </li>
          ))}
        </ResultGroup>
      ) : null}
      {found.purifiers.total > 0 ? (
        <ResultGroup id="purifiers" title={GROUP_TITLES.purifiers} total={found.purifiers.total} more={more("purifiers", found.purifiers)}>
          {found.purifiers.hits.map((hit) => (
            <li key={hit.id}>
              <PurifierResult hit={hit} />
            </li>
          ))}
        </ResultGroup>
      ) : null}
    </>
  );
}

function NoResults({ found }: { found: SearchOutcome }) {
  return (
    <section aria-labelledby="no-results-title" className="mt-8 max-w-2xl">
      <h2 id="no-results-title" className="text-xl font-semibold text-ink">
        Nothing found for “{found.query}”
      </h2>
      {found.suggestions.length > 0 ? (
        <div className="mt-4">
          <p className="text-ink-soft">Did you mean:</p>
          <ul className="mt-2 flex flex-wrap gap-3">
            {found.suggestions.map((term) => (
              <li key={term}>
                <ShopLink href={searchHref(term)} className={`${LINK} inline-flex min-h-11 items-center`}>
                  {term}
                </ShopLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-6 text-ink-soft">
        Check the spelling or try fewer words, or{" "}
        <ShopLink href={ROUTES.store} className={LINK}>
          browse the store
        </ShopLink>
        . Our support team can help too:
      </p>
      <div className="mt-4">
        <ContactDetails />
      </div>
    </section>
  );
}
