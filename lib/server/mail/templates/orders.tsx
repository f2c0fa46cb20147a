import "server-only";
import { orderPath } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import { formatAmount, formatFee, formatUsd } from "@/lib/rules/money";
import { formatCalendarDay, orderNumber, shippingMethodLabel } from "@/lib/display/order-display";
import type { Order } from "@/lib/schemas/order";
import type { MailDraft } from "../render";
import { Action, MailLayout, Paragraph, siteUrl } from "./layout";

// The order e-mails. Orders, shipping options and amounts are named as the order page names them
// (lib/display/order-display.ts, lib/rules/money.ts): "Order #5E461C55", "UPS 2nd Day Air", "$61.62".

/**
 * Sent once, when the payment goes through: what was bought, what it cost, where and how it ships.
 * `estimate` is the delivery day (YYYY-MM-DD) the order page promises (lib/server/shipping).
 */
export function orderConfirmationMail(to: string, name: string | null, order: Order, estimate: string | null): MailDraft {
  const number = orderNumber(order.orderId);
  const address = order.shippingAddress;
  const method = shippingMethodLabel(order.shippingMethod);
  return {
    template: "order-confirmation",
    to,
    subject: `Your ${STORE_NAME} order is confirmed`,
    content: (
      <MailLayout preview={`Order #${number} is paid: ${formatAmount(order.total)}`} heading={`Thank you for your order #${number}`}>
        <Paragraph>{name ? `Hello ${name},` : "Hello,"}</Paragraph>
        <Paragraph>We received your payment and are preparing order #{number}.</Paragraph>
        <Paragraph
          lines={order.items.map(
            (item) =>
              `${item.quantity} × ${item.name}${item.attributes ? ` (${item.attributes})` : ""}: ${formatAmount(item.discountPrice)} each`,
          )}
        />
        <Paragraph
          lines={[
            `Subtotal: ${formatAmount(order.subTotal)}`,
            `Shipping: ${order.shippingMethod === null ? "None" : formatFee(order.shippingFee)}`,
            `Sales tax: ${formatAmount(order.tax)}`,
            `Total paid: ${formatAmount(order.total)}`,
          ]}
        />
        {order.shippingMethod === null ? (
          <Paragraph>{method}: this order holds plans and services only, so no parcel is sent for it.</Paragraph>
        ) : (
          <>
            <Paragraph
              lines={[
                "Shipping to:",
                ...(address
                  ? [
                      address.fullName,
                      address.line1,
                      ...(address.line2 ? [address.line2] : []),
                      `${address.city}, ${address.state} ${address.zip}`,
                    ]
                  : ["No address given yet."]),
              ]}
            />
            <Paragraph>{estimate ? `${method}, estimated delivery ${formatCalendarDay(estimate)}.` : `${method}.`}</Paragraph>
          </>
        )}
        <Action href={siteUrl(orderPath(order.orderId))}>View your order</Action>
      </MailLayout>
    ),
  };
}

export function orderShippedMail(to: string, orderId: string, carrier: string, trackingNumber: string): MailDraft {
  const number = orderNumber(orderId);
  return {
    template: "order-shipped",
    to,
    subject: `Your ${STORE_NAME} order has shipped`,
    content: (
      <MailLayout preview={`Order #${number} is on its way`} heading={`Order #${number} has shipped`}>
        <Paragraph>Your order #{number} is on its way.</Paragraph>
        <Paragraph lines={[`Carrier: ${carrier}`, `Tracking number: ${trackingNumber}`]} />
        <Paragraph>Follow it and see its details on the order page:</Paragraph>
        <Action href={siteUrl(orderPath(orderId))}>Track your order</Action>
      </MailLayout>
    ),
  };
}

/** `refundCents` > 0: the order was paid and that amount goes back to the card it was paid with. */
/**
 * `paid`: the order had been paid. What came back may be less than it cost (a monthly membership
 * runs to the end of its month instead), or nothing.
 */
export function orderCancelledMail(to: string, orderId: string, refundCents: number, paid = refundCents > 0): MailDraft {
  const number = orderNumber(orderId);
  return {
    template: "order-cancelled",
    to,
    subject: `Your ${STORE_NAME} order was cancelled`,
    content: (
      <MailLayout preview={`Order #${number} was cancelled`} heading={`Order #${number} was cancelled`}>
        <Paragraph>Your order #{number} was cancelled.</Paragraph>
        <Paragraph>
          {refundCents > 0
            ? `We refunded ${formatUsd(refundCents)} to the card you paid with. Depending on your bank it shows within 5 to 10 business days.`
            : paid
              ? "Nothing of it comes back: a membership in it runs to the end of the month paid for, then stops. Nothing more will be charged."
              : "It was not paid, so nothing was charged."}
        </Paragraph>
        <Paragraph>The order and its timeline:</Paragraph>
        <Action href={siteUrl(orderPath(orderId))}>View your order</Action>
      </MailLayout>
    ),
  };
}
