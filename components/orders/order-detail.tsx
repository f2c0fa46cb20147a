"use client";

import { useState } from "react";
import { Image } from "@/components/ui/image";
import { Button } from "@/components/ui/button";
import { useQuery } from "@tanstack/react-query";
import { RecordHeading } from "@/components/ui/record-heading";
import { ShopLink } from "@/components/ui/shop-link";
import { ApplyAfterSaleButton } from "@/components/after-sale/apply-after-sale-dialog";
import { fetchOrder, orderQueryKey } from "@/lib/api/orders";
import { ROUTES, productPath } from "@/lib/config/routes";
import { amountToCents, formatAmount, formatFee, formatUsd } from "@/lib/rules/money";
import {
  formatCalendarDay,
  formatOrderDate,
  formatOrderDateTime,
  NOTHING_TO_SHIP_LABEL,
  orderNumber,
  shippingMethodLabel,
} from "@/lib/display/order-display";
import type { Order } from "@/lib/schemas/order";
import { CancelOrderButton } from "./cancel-order-dialog";
import { EditOrderForm } from "./edit-order-form";
import { OrderStatusBadge } from "./order-status-badge";
import { OrderTimeline } from "./order-timeline";
import { PayNow } from "./pay-now";
import { PostalAddress } from "./postal-address";
import { TAP_TARGET } from "@/components/ui/tap-target";

/** Units of a line an after-sale request may still ask for; 0 once the order is not eligible. */
const remaining = (order: Order, skuNum: string) => (order.canApplyAfterSale ? (order.afterSaleRemaining[skuNum] ?? 0) : 0);

function Items({ order }: { order: Order }) {
  return (
    <ul className="divide-y divide-line">
      {order.items.map((item) => {
        const image = item.image[0];
        const unit = amountToCents(item.discountPrice);
        const original = amountToCents(item.originalPrice);
        const left = remaining(order, item.skuNum);
        return (
          <li key={item.skuNum} className="flex gap-4 py-4 first:pt-0">
            {image ? (
              <Image src={image} alt="" width={80} height={80} className="h-20 w-20 shrink-0 rounded-xl border border-line object-cover" />
            ) : null}
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <ShopLink href={productPath(item.skuNum)} className={`${TAP_TARGET} self-start font-medium text-ink hover:text-brand-700`}>
                {item.name}
              </ShopLink>
              {item.attributes ? (
                <span className="self-start rounded-full bg-canvas px-2.5 py-0.5 text-xs font-medium text-ink-soft ring-1 ring-line">
                  {item.attributes}
                </span>
              ) : null}
              <p className="text-sm text-ink-muted">
                Quantity {item.quantity} × {formatUsd(unit)}
                {original > unit ? (
                  <>
                    {" "}
                    <s>
                      <span className="sr-only">was </span>
                      {formatUsd(original)}
                    </s>
                  </>
                ) : null}
              </p>
              {left > 0 ? (
                <div className="mt-2">
                  <ApplyAfterSaleButton item={{ orderId: order.orderId, skuNum: item.skuNum, name: item.name, remaining: left }} />
                </div>
              ) : null}
            </div>
            <p className="shrink-0 font-semibold text-ink">{formatAmount(item.discountPrice, item.quantity)}</p>
          </li>
        );
      })}
    </ul>
  );
}

function Totals({ order }: { order: Order }) {
  const refunded = amountToCents(order.refunded);
  const rows: [string, string][] = [
    ["Subtotal", formatAmount(order.subTotal)],
    ["Shipping", order.shippingMethod === null ? "None" : formatFee(order.shippingFee)],
    ["Tax", formatAmount(order.tax)],
  ];
  return (
    <dl className="mt-4 flex flex-col gap-2 border-t border-line pt-4 text-[15px]">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between text-ink-soft">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-line pt-2 text-lg font-bold text-ink">
        <dt>Total</dt>
        <dd data-testid="order-total">{formatAmount(order.total)}</dd>
      </div>
      {refunded > 0 ? (
        <div className="flex justify-between font-medium text-leaf-700">
          <dt>Refunded</dt>
          <dd>−{formatUsd(refunded)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function Delivery({ order, paidDeliveryEstimate }: { order: Order; paidDeliveryEstimate: string | null }) {
  if (order.shippingMethod === null) {
    return (
      <p data-testid="nothing-to-ship" className="text-[15px] text-ink-soft">
        {NOTHING_TO_SHIP_LABEL}: this order holds plans and services only.
      </p>
    );
  }
  const address = order.shippingAddress;
  const option = order.shippingOptions.find((candidate) => candidate.value === order.shippingMethod);
  // An unpaid order's options are priced and dated from today; a paid one's date counts from payment.
  const estimate = order.status === "pending_payment" ? (option?.realDate ?? null) : order.status === "paid" ? paidDeliveryEstimate : null;
  return (
    <dl className="flex flex-col gap-4 text-[15px]">
      <div>
        <dt className="text-sm font-semibold text-ink">Delivery address</dt>
        <dd className="mt-1 text-ink-soft">
          {address ? <PostalAddress address={address} /> : "Not given yet: it is asked for on the payment page."}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-ink">Shipping</dt>
        <dd className="mt-1 text-ink-soft">
          {option?.label ?? shippingMethodLabel(order.shippingMethod)}
          {estimate ? <> · estimated delivery {formatCalendarDay(estimate)}</> : null}
        </dd>
      </div>
      {order.shippedAt ? (
        <div>
          <dt className="text-sm font-semibold text-ink">Tracking</dt>
          <dd className="mt-1 text-ink-soft">
            Shipped <time dateTime={order.shippedAt}>{formatOrderDate(order.shippedAt)}</time>
            {order.carrier ? ` with ${order.carrier}` : ""}
            {order.trackingNumber ? (
              <>
                <br />
                Tracking number <span className="font-mono font-medium text-ink">{order.trackingNumber}</span>
              </>
            ) : null}
          </dd>
        </div>
      ) : null}
      {order.deliveredAt ? (
        <div>
          <dt className="text-sm font-semibold text-ink">Delivered</dt>
          <dd className="mt-1 text-ink-soft">
            <time dateTime={order.deliveredAt}>{formatOrderDateTime(order.deliveredAt)}</time>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

const card = "rounded-2xl border border-line bg-white p-5 desk:p-6";

/** One order as its customer sees it; the order stays in the query cache so every change shows at once. */
export function OrderDetail({ initialOrder, paidDeliveryEstimate }: { initialOrder: Order; paidDeliveryEstimate: string | null }) {
  const { data: order } = useQuery({
    queryKey: orderQueryKey(initialOrder.orderId),
    queryFn: () => fetchOrder(initialOrder.orderId),
    initialData: initialOrder,
  });
  const [editing, setEditing] = useState(false);

  return (
    <>
      <RecordHeading
        back={{ href: ROUTES.orders, label: "Back to my orders" }}
        title={`Order #${orderNumber(order.orderId)}`}
        status={<OrderStatusBadge status={order.status} />}
      >
        Placed <time dateTime={order.createdAt}>{formatOrderDateTime(order.createdAt)}</time>
      </RecordHeading>

      <div className="mt-8 grid gap-6 desk:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-6">
          {order.canPay ? <PayNow order={order} /> : null}
          <section aria-labelledby="items-title" className={card}>
            <h2 id="items-title" className="mb-4 text-xl font-semibold text-ink">
              Items
            </h2>
            <Items order={order} />
            <Totals order={order} />
          </section>
          <section aria-labelledby="history-title" className={card}>
            <h2 id="history-title" className="mb-4 text-xl font-semibold text-ink">
              Order history
            </h2>
            <OrderTimeline events={order.timeline} />
          </section>
        </div>
        <div className="flex flex-col gap-6">
          <section aria-labelledby="delivery-title" className={card}>
            <h2 id="delivery-title" className="mb-4 text-xl font-semibold text-ink">
              Delivery
            </h2>
            {editing && order.canEdit ? (
              <EditOrderForm order={order} onDone={() => setEditing(false)} />
            ) : (
              <>
                <Delivery order={order} paidDeliveryEstimate={paidDeliveryEstimate} />
                {order.canEdit ? (
                  <Button variant="secondary" onClick={() => setEditing(true)} className="mt-5 h-12 w-full">
                    Change address or shipping
                  </Button>
                ) : null}
              </>
            )}
          </section>
          {order.canCancel ? (
            <section aria-labelledby="cancel-title" className={card}>
              <h2 id="cancel-title" className="text-xl font-semibold text-ink">
                Changed your mind?
              </h2>
              <p className="mb-4 mt-1 text-[15px] text-ink-soft">
                {order.paidAt
                  ? "You can cancel until the order ships; we refund your payment in full."
                  : "You have not paid yet, so cancelling costs nothing."}
              </p>
              <CancelOrderButton order={order} />
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
