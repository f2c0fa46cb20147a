import "server-only";
import { US_STATE_CODES, type UsStateCode } from "@/lib/config/us-states";
import { STATE_BASE_RATES } from "./rates";

export { STATE_BASE_RATES, TAX_TABLE_DATE } from "./rates";

// What is taxed: the merchandise subtotal only. Shipping is not taxed: whether a separately stated
// delivery charge is taxable differs from state to state, and with base rates only the shop already
// approximates; the payment page shows the tax line so the customer sees exactly what is charged.
// No address yet (state null): no tax, and the payment page asks for the address first.

function isStateCode(state: string): state is UsStateCode {
  return (US_STATE_CODES as readonly string[]).includes(state);
}

/** Sales tax in cents on `taxableCents` shipped to `state`, rounded half up to the cent. */
export function salesTaxCents(state: string | null | undefined, taxableCents: number): number {
  if (!Number.isInteger(taxableCents) || taxableCents < 0) throw new Error(`Taxable amount must be whole cents >= 0, got ${taxableCents}`);
  if (!state) return 0;
  if (!isStateCode(state)) throw new Error(`Unknown US state: ${state}`);
  const rate = STATE_BASE_RATES[state];
  // rate is in thousandths of a percent: cents * rate / 100_000, integer half-up rounding.
  return Math.floor((taxableCents * rate + 50_000) / 100_000);
}

/**
 * A line's share of the sales tax its order charged, for giving it back (a return, a cancelled
 * plan): rounded down, so the lines' shares never add up to more than the tax charged. Tax is charged
 * on the lines that ship ("Plans are not parcels" in
 * docs/decisions/0027-membership-benefits-and-unshipped-plans.md), so their subtotal is the
 * share's base and a plan or service line (`lineShips` false) carries none; an order made before
 * that rule taxed every line (its shipped subtotal is its whole subtotal).
 */
export function lineTaxShareCents(
  order: { subtotalCents: number; shippedSubtotalCents: number; taxCents: number },
  itemCents: number,
  lineShips: boolean,
): number {
  const base = order.shippedSubtotalCents;
  const taxed = lineShips || base === order.subtotalCents;
  return taxed && base > 0 ? Math.floor((order.taxCents * itemCents) / base) : 0;
}
