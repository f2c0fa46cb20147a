import { formatAmount, formatFee } from "@/lib/rules/money";
import type { Order } from "@/lib/schemas/order";

/** The order's lines and totals beside the payment form, as the server last computed them. */
export function CheckoutSummary({ order, ships }: { order: Order; ships: boolean }) {
  const selected = order.shippingOptions.find((option) => option.value === order.shippingMethod);
  return (
    <aside aria-labelledby="summary-title" className="self-start rounded-2xl border border-line p-6">
      <h2 id="summary-title" className="text-xl font-semibold text-ink">
        Order summary
      </h2>
      {order.memberPricesApplied ? (
        <p data-testid="member-pricing" className="mt-2 text-sm font-medium text-leaf-700">
          Member prices applied
        </p>
      ) : null}
      <ul className="mt-4 flex flex-col gap-3">
        {order.items.map((item) => (
          <li key={item.skuNum} className="flex justify-between gap-3 text-[15px]">
            <span className="text-ink">
              {item.name} <span className="text-ink-soft">× {item.quantity}</span>
            </span>
            <span className="text-ink">{formatAmount(item.discountPrice, item.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 flex flex-col gap-2 border-t border-line pt-4 text-[15px]">
        <div className="flex justify-between">
          <dt className="text-ink-soft">Subtotal</dt>
          <dd>{formatAmount(order.subTotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-ink-soft">Shipping{selected ? ` (${selected.label})` : ""}</dt>
          <dd data-testid="summary-shipping">{ships ? formatFee(order.shippingFee) : "None (nothing to ship)"}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-ink-soft">Sales tax{order.shippingAddress ? ` (${order.shippingAddress.state})` : ""}</dt>
          <dd>{order.shippingAddress || !ships ? formatAmount(order.tax) : "After the address"}</dd>
        </div>
        <div className="flex justify-between border-t border-line pt-2 text-lg font-semibold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatAmount(order.total)}</dd>
        </div>
      </dl>
    </aside>
  );
}
