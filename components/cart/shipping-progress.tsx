import { amountToCents, formatUsd } from "@/lib/rules/money";
import { MEMBER_SHIPPING_TEXT, NOTHING_TO_SHIP_CART } from "@/lib/display/order-display";

interface ShippingProgressProps {
  /** The subtotal of what ships (plans and services do not). */
  shippedSubTotal: string;
  freeShippingThreshold: string;
  amountToFreeShipping: string;
  /** The customer's membership runs: UPS Ground is free whatever the subtotal. */
  member: boolean;
}

/** How far the cart is from free ground shipping, as the server computed it. */
export function ShippingProgress({ shippedSubTotal, freeShippingThreshold, amountToFreeShipping, member }: ShippingProgressProps) {
  const shipped = amountToCents(shippedSubTotal);
  if (shipped === 0 || member) {
    return (
      <p data-testid="shipping-progress" className="text-sm font-medium text-leaf-700">
        {shipped === 0 ? NOTHING_TO_SHIP_CART : MEMBER_SHIPPING_TEXT}
      </p>
    );
  }
  const threshold = amountToCents(freeShippingThreshold);
  const left = amountToCents(amountToFreeShipping);
  const reached = Math.min(shipped, threshold);
  const message = left > 0 ? `Add ${formatUsd(left)} for free shipping` : "You have free shipping";
  const percent = threshold > 0 ? Math.round((reached / threshold) * 100) : 100;
  return (
    <div className="space-y-2">
      <p className={`text-sm font-medium ${left > 0 ? "text-ink" : "text-leaf-700"}`}>{message}</p>
      <div
        role="progressbar"
        aria-label="Progress toward free shipping"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={message}
        className="h-2 overflow-hidden rounded-full bg-line"
      >
        <div className={`h-full rounded-full ${left > 0 ? "bg-brand-500" : "bg-leaf-500"}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
