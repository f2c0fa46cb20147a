import type { Metadata } from "next";
import { ConsoleLink, ConsoleListPage, type ConsoleColumn } from "@/components/console/console-list";
import { consoleProductPath } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { adminListProducts } from "@/lib/server/catalog";

export const metadata: Metadata = { title: "Catalogue" };

const COLUMNS: readonly ConsoleColumn[] = [
  { label: "Product" },
  { label: "Category" },
  { label: "Price", numeric: true },
  { label: "Discount price", numeric: true },
  { label: "Member price", numeric: true },
  { label: "Stock", numeric: true },
  { label: "Listed" },
];

export default async function ConsoleCataloguePage() {
  const operator = await requireOperatorPage();
  const products = await adminListProducts(operator);
  return (
    <ConsoleListPage
      titleId="catalogue-title"
      title="Catalogue"
      intro={<p className="mt-1 text-sm text-ink-muted">Every product, listed or not. Open one to change its prices, stock or listing.</p>}
      columns={COLUMNS}
      rowCount={products.length}
      empty="No products yet."
    >
      {products.map((product) => (
        <tr key={product.sku}>
          <td className="px-3 py-2">
            <ConsoleLink record href={consoleProductPath(product.sku)}>
              {product.name}
            </ConsoleLink>
            <span className="block text-xs text-ink-muted">{product.sku}</span>
          </td>
          <td className="px-3 py-2 capitalize">{product.category}</td>
          <td className="px-3 py-2 text-right tabular-nums">{formatAmount(product.originalPrice)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{formatAmount(product.discountPrice)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{product.memberPrice ? formatAmount(product.memberPrice) : "—"}</td>
          <td className="px-3 py-2 text-right tabular-nums">{product.stock}</td>
          <td className="px-3 py-2">{product.listed ? "Yes" : "No"}</td>
        </tr>
      ))}
    </ConsoleListPage>
  );
}
