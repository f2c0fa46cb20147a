import "server-only";
import type { UsAddress } from "@/lib/schemas/auth";
import type { ShippingMethodValue } from "@/lib/schemas/order";
import { shippingFee } from "@/lib/server/shipping";
import { salesTaxCents } from "@/lib/server/tax";

export interface OrderTotals {
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** Shipping for the method, tax on the merchandise for the address's state (none without one). */
export function orderTotals(subtotalCents: number, method: ShippingMethodValue, address: UsAddress | null): OrderTotals {
  const shippingCents = shippingFee(method, subtotalCents);
  const taxCents = salesTaxCents(address?.state ?? null, subtotalCents);
  return { shippingCents, taxCents, totalCents: subtotalCents + shippingCents + taxCents };
}
