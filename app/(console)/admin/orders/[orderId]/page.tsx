import { HistorySection } from "@/components/console/console-history";
import { consoleRecordMetadata, consoleRecordPage, type RecordView } from "../../_parts/console-pages";
import { OrderActions, RetryRefundButton } from "@/components/console/order-actions";
import { OrderStatusBadge } from "@/components/orders/order-status-badge";
import { ROUTES } from "@/lib/config/routes";
import { amountToCents, formatAmount } from "@/lib/rules/money";
import { formatOrderDateTime, orderEventLabel, orderNumber, shippingMethodLabel } from "@/lib/display/order-display";
import type { OperatorOrder } from "@/lib/schemas/operator-order";
import { operatorGetOrder, operatorOrderEvents } from "@/lib/server/orders";
import { PostalAddress } from "@/components/orders/postal-address";

export const generateMetadata = consoleRecordMetadata({ param: "orderId", get: operatorGetOrder }, "Order");

const REFUND_STATUS_WORDS = {
  pending: "on its way",
  succeeded: "refunded",
  failed: "failed: owed to the customer",
  reversed: "dispute won: returned to the shop",
} as const;

/** The order's own sections: what was bought and paid, where it goes, and its refunds. */
function OrderSections({ order }: { order: OperatorOrder }) {
  const address = order.shippingAddress;
  return (
    <>
      <div className="grid gap-8 desk:grid-cols-2">
        <HistorySection titleId="items-title" title="Items">
          <ul className="mt-2 divide-y divide-line rounded-xl border border-line">
            {order.items.map((item) => (
              <li key={item.skuNum} className="flex justify-between gap-4 px-3 py-2 text-sm">
                <span>
                  {item.name} <span className="text-ink-muted">({item.skuNum})</span> × {item.quantity}
                </span>
                <span className="tabular-nums">{formatAmount(item.discountPrice, item.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right tabular-nums">{formatAmount(order.subTotal)}</dd>
            <dt>{order.shippingMethod === null ? shippingMethodLabel(null) : `Shipping (${shippingMethodLabel(order.shippingMethod)})`}</dt>
            <dd className="text-right tabular-nums">{formatAmount(order.shippingFee)}</dd>
            <dt>Tax</dt>
            <dd className="text-right tabular-nums">{formatAmount(order.tax)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold tabular-nums">{formatAmount(order.total)}</dd>
            {amountToCents(order.refunded) > 0 ? (
              <>
                <dt>Refunded</dt>
                <dd className="text-right tabular-nums">{formatAmount(order.refunded)}</dd>
              </>
            ) : null}
          </dl>
        </HistorySection>

        <HistorySection titleId="delivery-title" title="Delivery">
          {order.shippingMethod === null ? (
            <p className="mt-2 text-sm text-ink-soft">{shippingMethodLabel(null)}: plans and services only.</p>
          ) : address ? (
            <PostalAddress address={address} className="mt-2 text-sm leading-relaxed" />
          ) : (
            <p className="mt-2 text-sm text-ink-soft">No address yet.</p>
          )}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-muted">Carrier</dt>
            <dd>{order.carrier ?? "—"}</dd>
            <dt className="text-ink-muted">Tracking number</dt>
            <dd>{order.trackingNumber ?? "—"}</dd>
            <dt className="text-ink-muted">Paid</dt>
            <dd>{order.paidAt ? formatOrderDateTime(order.paidAt) : "—"}</dd>
            <dt className="text-ink-muted">Shipped</dt>
            <dd>{order.shippedAt ? formatOrderDateTime(order.shippedAt) : "—"}</dd>
            <dt className="text-ink-muted">Delivered</dt>
            <dd>{order.deliveredAt ? formatOrderDateTime(order.deliveredAt) : "—"}</dd>
          </dl>
        </HistorySection>
      </div>

      {order.refunds.length > 0 ? (
        <HistorySection titleId="refunds-title" title="Refunds">
          <ul className="mt-2 flex flex-col gap-3">
            {order.refunds.map((refund) => (
              <li key={refund.refundId} className="rounded-lg border border-line p-3 text-sm">
                <p className="font-semibold text-ink">
                  {formatAmount(refund.amount)} · {REFUND_STATUS_WORDS[refund.status]}
                </p>
                <p className="text-ink-soft">
                  {refund.reason} · {formatOrderDateTime(refund.createdAt)} · to {refund.to}
                </p>
                {refund.failureMessage ? <p className="mt-1 text-red-800">{refund.failureMessage}</p> : null}
                {refund.canRetry ? (
                  <div className="mt-2 max-w-xs">
                    <RetryRefundButton refundId={refund.refundId} amount={refund.amount} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </HistorySection>
      ) : null}
    </>
  );
}

function orderView(order: OperatorOrder): RecordView {
  return {
    title: `Order ${orderNumber(order.orderId)}`,
    facts: (
      <>
        {order.orderId} · placed {formatOrderDateTime(order.createdAt)} by {order.customer.email}
        {order.referralCode ? ` · referral code ${order.referralCode}` : ""}
      </>
    ),
    actions: <OrderActions order={order} />,
    sections: <OrderSections order={order} />,
  };
}

export default consoleRecordPage(
  { param: "orderId", get: operatorGetOrder, events: operatorOrderEvents },
  { id: "order", back: { href: ROUTES.consoleOrders, label: "All orders" }, label: orderEventLabel, badge: OrderStatusBadge },
  orderView,
);
