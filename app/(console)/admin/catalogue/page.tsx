import type { Metadata } from "next";
import { RecordCell, numeric } from "@/components/console/console-list";
import { consoleListPage } from "../_parts/console-pages";
import { ROUTES, consoleProductPath } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { operatorListProducts } from "@/lib/server/catalog";

export const metadata: Metadata = { title: "Catalogue" };

export default consoleListPage({
  route: ROUTES.consoleCatalogue,
  title: "Catalogue",
  intro: <p className="mt-1 text-sm text-ink-muted">Every product, listed or not. Open one to change its prices, stock or listing.</p>,
  columns: ["Product", "Category", numeric("Price"), numeric("Discount price"), numeric("Member price"), numeric("Stock"), "Listed"],
  empty: "No products yet.",
  load: async (operator) => ({ rows: await operatorListProducts(operator) }),
  row: (product) => (
    <tr key={product.sku}>
      <RecordCell href={consoleProductPath(product.sku)} detail={product.sku}>
        {product.name}
      </RecordCell>
      <td className="px-3 py-2 capitalize">{product.category}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatAmount(product.originalPrice)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatAmount(product.discountPrice)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{product.memberPrice ? formatAmount(product.memberPrice) : "—"}</td>
      <td className="px-3 py-2 text-right tabular-nums">{product.stock}</td>
      <td className="px-3 py-2">{product.listed ? "Yes" : "No"}</td>
    </tr>
  ),
});
