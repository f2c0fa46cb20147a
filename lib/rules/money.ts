// Money is integer cents inside the shop, "12.90" strings at the API edge, "$12.90" on screen.

export function centsToAmount(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`Money must be whole cents, got ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function amountToCents(amount: string): number {
  const match = /^(-)?(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`Not a money amount: ${amount}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}

/**
 * "$1,299.00" from cents. Written out rather than through Intl.NumberFormat: the first Intl formatter
 * a page builds loads ICU's locale data, which cost the payment page ~20 ms of main thread while it
 * started, and a dollar amount in en-US needs no locale data.
 */
export function formatUsd(cents: number): string {
  const amount = centsToAmount(cents);
  const negative = amount.startsWith("-");
  const [dollars = "0", fraction = "00"] = (negative ? amount.slice(1) : amount).split(".");
  const grouped = dollars.replace(/\B(?=(\d{3})+$)/g, ",");
  return `${negative ? "-" : ""}$${grouped}.${fraction}`;
}

/** "$1,299.00" from an API amount ("1299.00"); with a quantity, the line's total. */
export function formatAmount(amount: string, quantity = 1): string {
  return formatUsd(amountToCents(amount) * quantity);
}

/** A charge that may be nothing, such as shipping: "Free" at zero, otherwise as formatAmount. */
export function formatFee(amount: string): string {
  const cents = amountToCents(amount);
  return cents === 0 ? "Free" : formatUsd(cents);
}
