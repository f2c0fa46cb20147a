import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ProductCard } from "@/components/catalog/product-card";
import { buttonClass } from "@/components/ui/button";
import { EmptyOrder } from "@/components/ui/empty-order";
import { Container } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { categoryLabel, readStoreView, storeHref, type StoreView } from "@/lib/display/catalog-display";
import { STORE_CATEGORIES, STORE_PAGE_SIZE, STORE_SORTS } from "@/lib/config/catalog";
import { ROUTES } from "@/lib/config/routes";
import { readShelf } from "@/lib/server/catalog";
import { pageMetadata } from "@/lib/site/seo";
import { TAP_TARGET } from "@/components/ui/tap-target";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: PageProps): Promise<Metadata> {
  const view = readStoreView(await searchParams);
  if (!view) return { title: "Not found" };
  const label = view.category ? categoryLabel(view.category) : null;
  return pageMetadata({
    title: label ? `${label} · Store` : "Store",
    description:
      "Buy the Lenwell RO600 purifier, its replacement filters, membership and care plans, the repair diagnosis and accessories.",
    // Sorting and paging show the same products: the canonical address is the shelf itself.
    path: storeHref({ category: view.category, sort: "featured", page: 1 }),
  });
}

const pillClass = "inline-flex h-11 items-center rounded-full border px-4 text-sm font-medium";
const pillState = (current: boolean) =>
  current ? "border-brand-600 bg-brand-600 text-white" : "border-line bg-white text-ink hover:border-brand-600 hover:text-brand-700";

export default async function StorePage({ searchParams }: PageProps) {
  await connection();
  const view = readStoreView(await searchParams);
  if (!view) notFound();
  const shelf = await readShelf(view.category, view.sort);
  const total = shelf.length;
  const list = shelf.slice((view.page - 1) * STORE_PAGE_SIZE, view.page * STORE_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / STORE_PAGE_SIZE));
  const at = (change: Partial<StoreView>) => storeHref({ ...view, page: 1, ...change });

  return (
    <Container className="py-10 desk:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink desk:text-4xl">Store</h1>
      <p className="mt-3 max-w-2xl text-ink-soft">
        The purifier, its filters, plans and everything around them. Prices are the ones you pay at checkout.
      </p>

      <nav aria-label="Categories" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {[{ value: undefined, label: "All" }, ...STORE_CATEGORIES].map((entry) => {
            const current = entry.value === view.category;
            return (
              <li key={entry.label}>
                <ShopLink
                  href={at({ category: entry.value })}
                  aria-current={current ? "page" : undefined}
                  className={`${pillClass} ${pillState(current)}`}
                >
                  {entry.label}
                </ShopLink>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted" data-testid="store-count">
          {total === 1 ? "1 product" : `${total} products`} in {categoryLabel(view.category).toLowerCase()}
        </p>
        <nav aria-label="Sort products" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-ink-muted">Sort by</span>
          <ul className="flex flex-wrap gap-1">
            {STORE_SORTS.map((entry) => {
              const current = entry.value === view.sort;
              return (
                <li key={entry.value}>
                  <ShopLink
                    href={at({ sort: entry.value })}
                    aria-current={current ? "true" : undefined}
                    className={`inline-flex h-11 items-center rounded-md px-3 font-medium ${current ? "bg-brand-50 text-brand-800" : "text-ink hover:text-brand-700"}`}
                  >
                    {entry.label}
                  </ShopLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>

      {list.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-line bg-white p-8">
          <EmptyOrder
            title={view.page > 1 ? "This page is empty" : "Nothing here right now"}
            message={
              view.page > 1
                ? "The list is shorter than this page. Go back to its first page."
                : `There are no products in ${categoryLabel(view.category).toLowerCase()} at the moment. Have a look at the rest of the store.`
            }
            action={
              <ShopLink
                href={view.page > 1 ? at({}) : ROUTES.store}
                className={buttonClass("primary", "mt-2 inline-flex h-11 items-center px-5")}
              >
                {view.page > 1 ? "First page" : "See all products"}
              </ShopLink>
            }
          />
        </div>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 desk:grid-cols-4" aria-label="Products">
          {list.map((item, index) => (
            <li key={item.skuNum} data-testid="product-card">
              {/* The first picture is the largest on a phone (one column): it loads first. Lazy
                  pictures already in view load as soon as the page is laid out. */}
              <ProductCard item={item} priority={index === 0} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}

      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4 text-sm">
          {view.page > 1 ? (
            <ShopLink href={storeHref({ ...view, page: view.page - 1 })} className={`${TAP_TARGET} font-medium text-brand-700 underline`}>
              Previous page
            </ShopLink>
          ) : null}
          <span className="text-ink-muted">
            Page {Math.min(view.page, pages)} of {pages}
          </span>
          {view.page < pages ? (
            <ShopLink href={storeHref({ ...view, page: view.page + 1 })} className={`${TAP_TARGET} font-medium text-brand-700 underline`}>
              Next page
            </ShopLink>
          ) : null}
        </nav>
      ) : null}
    </Container>
  );
}
