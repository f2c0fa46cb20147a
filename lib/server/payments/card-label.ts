import "server-only";

/** "Visa •••• 4242", as the payment page, the timeline, the console and the e-mails name a card. */
export function cardLabel(brand: string, last4: string): string {
  return `${brand} •••• ${last4}`;
}
