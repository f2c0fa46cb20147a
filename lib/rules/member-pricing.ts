import { shipsToCustomer, type MerchandiseCategory } from "@/lib/config/catalog";

// What a customer pays for a line, and what of it ships: the one rule the cart, checkout and the
// order's totals share. While a membership runs (lib/server/memberships isMemberAt), a product with a
// member price costs that price; everyone else pays the discount price.

export interface PriceableLine {
  category: MerchandiseCategory;
  quantity: number;
  discountPriceCents: number;
  /** The catalogue's member price; null when the product has none. */
  memberPriceCents: number | null;
}

/** One unit's price for this customer. */
export function unitPriceCents(line: Pick<PriceableLine, "discountPriceCents" | "memberPriceCents">, member: boolean): number {
  return member && line.memberPriceCents !== null ? line.memberPriceCents : line.discountPriceCents;
}

export interface PricedLines {
  /** Per line, in the order given: the unit price and the line total. */
  lines: { unitPriceCents: number; lineTotalCents: number }[];
  subtotalCents: number;
  /** The subtotal of the lines that are parcels: what shipping and its free threshold count. */
  shippedSubtotalCents: number;
  /** Whether any line ships; an order without one asks for no address and no shipping method. */
  ships: boolean;
}

export function priceLines(lines: readonly PriceableLine[], member: boolean): PricedLines {
  const priced = lines.map((line) => {
    const unit = unitPriceCents(line, member);
    return { unitPriceCents: unit, lineTotalCents: unit * line.quantity };
  });
  let subtotalCents = 0;
  let shippedSubtotalCents = 0;
  lines.forEach((line, index) => {
    const total = priced[index]?.lineTotalCents ?? 0;
    subtotalCents += total;
    if (shipsToCustomer(line.category)) shippedSubtotalCents += total;
  });
  return { lines: priced, subtotalCents, shippedSubtotalCents, ships: lines.some((line) => shipsToCustomer(line.category)) };
}
