import { Image } from "@/components/ui/image";
import { connection } from "next/server";
import { ROUTES } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import { listDeals } from "@/lib/server/catalog";
import { formatUsd } from "@/lib/rules/money";
import { pageMetadata } from "@/lib/site/seo";
import { Container } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { ProductCard } from "@/components/catalog/product-card";

export const metadata = pageMetadata({
  title: "Deals",
  description:
    "Current Lenwell discounts on the RO600 purifier, replacement filters, membership, the Lenwell Care plan and accessories, straight from the catalogue.",
  path: ROUTES.deals,
});

// The deals page is a landing page for campaigns: it has no top bar, so it carries its own header.
export default async function DealsPage() {
  // Prices come from the database through the shared catalogue cache: rendered per request.
  await connection();
  const deals = await listDeals();
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <Container className="py-10 desk:py-16">
          <ShopLink href={ROUTES.home} className="inline-flex min-h-11 min-w-11 items-center rounded-md" aria-label={`${STORE_NAME} home`}>
            <Image src="/images/logo-mark.svg" alt="" width={40} height={40} />
          </ShopLink>
          <h1 className="mt-6 text-3xl font-bold tracking-tight desk:text-5xl">Lenwell deals</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50">
            Everything below is on sale now. Prices are the store&apos;s own and apply at checkout.
          </p>
        </Container>
      </section>
      <Container className="py-12">
        {deals.length === 0 ? (
          <p className="text-ink-soft">
            No discounts are running right now.{" "}
            <ShopLink href={ROUTES.store} className="font-medium text-brand-700 underline">
              Browse the store
            </ShopLink>
            .
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 desk:grid-cols-4">
            {deals.map((deal) => (
              <li key={deal.merchandise.skuNum}>
                <ProductCard
                  item={deal.merchandise}
                  headingLevel={2}
                  badge={`Save ${formatUsd(deal.savingCents)} (${deal.savingPercent}%)`}
                />
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}
