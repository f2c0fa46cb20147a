import type { Metadata } from "next";
import { BuyBox } from "@/components/catalog/buy-box";
import { ProductGallery } from "@/components/catalog/product-gallery";
import { inlinePicture } from "@/lib/site/inline-picture";
import { ProductMemberPrice } from "@/components/catalog/member-price";
import { Price } from "@/components/catalog/price";
import { Container, DataTable } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { categoryLabel, storeHref } from "@/lib/display/catalog-display";
import { env } from "@/lib/config/env";
import { productPath, ROUTES } from "@/lib/config/routes";
import type { ShelfItem } from "@/lib/schemas/merchandise";
import { isListedSku, readShelfItem, readStock } from "@/lib/server/catalog";
import { singleUnitShipping } from "@/lib/server/shipping";
import { amountToCents } from "@/lib/rules/money";
import { NOT_FOUND_METADATA, pageMetadata, productPreviewImage } from "@/lib/site/seo";
import { breadcrumbJsonLd, productJsonLd } from "@/lib/site/structured-data";
import { JsonLd } from "@/components/ui/json-ld";
import { NotFoundPage } from "@/components/ui/page-not-found";
import { TAP_TARGET } from "@/components/ui/tap-target";

type PageProps = { params: Promise<{ sku: string }> };

// Rendered on a product's first visit, never at build time (the build has no database), then served
// from the cache until its catalogue or stock tag is revalidated (lib/server/catalog/cache.ts).
export function generateStaticParams(): { sku: string }[] {
  return [];
}

/** The product as the page shows it, or null for a sku the store does not list. */
async function readProduct(sku: string): Promise<{ item: ShelfItem; stock: number } | null> {
  // The listed skus first: an address with a made-up sku never gets a cache entry of its own.
  if (!(await isListedSku(sku))) return null;
  const [item, stock] = await Promise.all([readShelfItem(sku), readStock(sku)]);
  return item && stock !== null ? { item, stock } : null;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { sku } = await params;
  const product = await readProduct(sku);
  if (!product) return NOT_FOUND_METADATA;
  const { item } = product;
  const base = pageMetadata({
    title: item.name,
    description: `${item.subtitle} ${item.description}`.trim().slice(0, 200),
    path: productPath(item.skuNum),
  });
  // The product's PNG card (opengraph-image/route.tsx) first: social sites do not render its SVG pictures.
  const card = productPreviewImage(item);
  return {
    ...base,
    openGraph: { ...base.openGraph, images: [card] },
    twitter: { ...base.twitter, images: [card.url] },
  };
}

export default async function ProductPage({ params }: PageProps) {
  const { sku } = await params;
  const product = await readProduct(sku);
  // Not notFound() alone: that sends an empty document on this cached page (NotFoundPage).
  if (!product) return <NotFoundPage />;
  const { item, stock } = product;
  const shelf = storeHref({ category: item.category, sort: "featured", page: 1 });
  const path = productPath(item.skuNum);
  const structuredData = [
    productJsonLd({
      siteUrl: env.SITE_URL,
      item,
      stock,
      path,
      images: [productPreviewImage(item).url, ...item.image],
      shipping: singleUnitShipping(amountToCents(item.discountPrice)),
      now: new Date(),
    }),
    // The trail the breadcrumb shows, and the product itself.
    breadcrumbJsonLd(env.SITE_URL, [
      { name: "Store", path: ROUTES.store },
      { name: categoryLabel(item.category), path: shelf },
      { name: item.name, path },
    ]),
  ];

  return (
    <Container className="py-8 desk:py-12">
      {structuredData.map((data) => (
        <JsonLd key={String(data["@type"])} data={data} />
      ))}
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <ShopLink href={ROUTES.store} className={`${TAP_TARGET} hover:text-brand-700`}>
              Store
            </ShopLink>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <ShopLink href={shelf} className={`${TAP_TARGET} hover:text-brand-700`}>
              {categoryLabel(item.category)}
            </ShopLink>
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-10 desk:grid-cols-2">
        <div className="min-w-0">
          <ProductGallery
            label={`${item.name} images`}
            images={item.image.map((src, index) => ({
              src,
              alt: `${item.name}, picture ${index + 1}`,
              // The first picture is the page's LCP: in the first paint, not a round trip later.
              display: index === 0 ? inlinePicture(src) : undefined,
            }))}
          />
        </div>
        <div>
          {item.attributes ? (
            <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-800">
              {item.attributes}
            </p>
          ) : null}
          <h1 className="mt-3 text-2xl font-bold tracking-tight text-ink desk:text-4xl">{item.name}</h1>
          {item.subtitle ? <p className="mt-3 text-lg text-ink-soft">{item.subtitle}</p> : null}
          <div className="mt-5" data-testid="product-price">
            <Price originalPrice={item.originalPrice} discountPrice={item.discountPrice} size="lg" />
            {item.memberPrice ? <ProductMemberPrice memberPrice={item.memberPrice} /> : null}
          </div>
          <div className="mt-6">
            <BuyBox
              key={stock}
              skuNum={item.skuNum}
              name={item.name}
              stock={stock}
              needsPurifier={item.category === "care"}
              onePerCustomer={item.onePerCustomer}
            />
          </div>
        </div>
      </div>

      {item.description ? (
        <section aria-labelledby="about-title" className="mt-14 max-w-3xl">
          <h2 id="about-title" className="text-xl font-bold text-ink">
            About this product
          </h2>
          <p className="mt-3 leading-relaxed text-ink-soft">{item.description}</p>
        </section>
      ) : null}

      {item.spec.length > 0 ? (
        <section aria-labelledby="spec-title" className="mt-12 max-w-3xl">
          <h2 id="spec-title" className="mb-4 text-xl font-bold text-ink">
            Specifications
          </h2>
          <DataTable
            caption={`${item.name} specifications`}
            columns={["Specification", "Details"]}
            rows={item.spec.map((row) => [row.spec_name, row.spec_value])}
          />
        </section>
      ) : null}
    </Container>
  );
}
