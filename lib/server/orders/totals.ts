import "server-only";
import type { ShippingBasis } from "@/lib/config/shipping";
import type { OrderRow } from "@/lib/db/schema";
import type { UsAddress } from "@/lib/schemas/auth";
import type { ShippingMethodValue } from "@/lib/schemas/order";
import { shippingFee } from "@/lib/server/shipping";
import { salesTaxCents } from "@/lib/server/tax";

export interface OrderTotals {
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** What an order's money is computed from, fixed when it was made. */
export interface OrderMoneyBasis extends ShippingBasis {
  subtotalCents: number;
}

export function orderBasis(order: Pick<OrderRow, "subtotalCents" | "shippedSubtotalCents" | "memberPricing">): OrderMoneyBasis {
  return { subtotalCents: order.subtotalCents, shippedSubtotalCents: order.shippedSubtotalCents, member: order.memberPricing };
}

/**
 * Shipping for the method on what ships (none without a method: nothing ships), tax on the goods
 * that ship for the address's state (none without one). Plans and the mail-in repair service are
 * services and carry no sales tax (docs/decisions/0027-membership-benefits-and-unshipped-plans.md).
 */
export function orderTotals(basis: OrderMoneyBasis, method: ShippingMethodValue | null, address: UsAddress | null): OrderTotals {
  const shippingCents = method ? shippingFee(method, basis) : 0;
  const taxCents = salesTaxCents(address?.state ?? null, basis.shippedSubtotalCents);
  return { shippingCents, taxCents, totalCents: basis.subtotalCents + shippingCents + taxCents };
}
