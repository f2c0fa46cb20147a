import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { HistorySection, HistoryTable, WhenCell } from "@/components/console/console-history";
import type { ConsoleColumn } from "@/components/console/console-list";
import { ProductForm } from "@/components/console/product-form";
import { ROUTES, productPath } from "@/lib/config/routes";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { operatorGetProduct } from "@/lib/server/catalog";
import { TAP_TARGET } from "@/components/ui/tap-target";
import { recordTitle } from "../../_parts/console-pages";

export async function generateMetadata({ params }: { params: Promise<{ sku: string }> }): Promise<Metadata> {
  const operator = await requireOperatorPage();
  return { title: recordTitle(Boolean(await operatorGetProduct(operator, (await params).sku)), "Product") };
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  originalPrice: "Price",
  discountPrice: "Discount price",
  memberPrice: "Member price",
  stock: "Stock",
  listed: "Listed",
};

const CHANGE_COLUMNS: readonly ConsoleColumn[] = ["When", "Who", "What", "From", "To"];

export default async function ConsoleProductPage({ params }: { params: Promise<{ sku: string }> }) {
  const operator = await requireOperatorPage();
  const { sku } = await params;
  const found = await operatorGetProduct(operator, sku);
  if (!found) notFound();
  const { product, changes } = found;
  return (
    <article aria-labelledby="product-title" className="flex flex-col gap-8">
      <div>
        <Link href={ROUTES.consoleCatalogue} className={`${TAP_TARGET} text-sm text-brand-700 underline`}>
          All products
        </Link>
        <h1 id="product-title" className="mt-2 text-2xl font-bold text-ink">
          {product.name}
        </h1>
        <p className="mt-1 text-sm text-ink-muted">
          {product.sku} · {product.category} ·{" "}
          {product.listed ? (
            // No prefetch: it would render the cached product page while the operator edits it,
            // and a render still running when the change commits is stored as the new page.
            <Link href={productPath(product.sku)} prefetch={false} className={`${TAP_TARGET} text-brand-700 underline`}>
              View in the store
            </Link>
          ) : (
            "not listed"
          )}
        </p>
      </div>
      {/* Not keyed: after a save the inputs already hold the saved values, and the refreshed product
          the comparison reads keeps the success line on screen. */}
      <ProductForm product={product} />
      <HistorySection titleId="changes-title" title="Changes">
        {changes.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">No operator has changed this product yet.</p>
        ) : (
          <HistoryTable columns={CHANGE_COLUMNS}>
            {changes.map((change, index) => (
              <tr key={`${change.at}-${change.field}-${index}`}>
                <WhenCell at={change.at} />
                <td className="px-3 py-2 break-all">{change.by ?? "Unknown"}</td>
                <td className="px-3 py-2">{FIELD_LABELS[change.field] ?? change.field}</td>
                <td className="px-3 py-2 tabular-nums">{change.from}</td>
                <td className="px-3 py-2 tabular-nums">{change.to}</td>
              </tr>
            ))}
          </HistoryTable>
        )}
      </HistorySection>
    </article>
  );
}
