// What a payment page needs to show the payment provider's own card fields (Stripe Elements):
// handed by the server to the page on each request, so one build serves test and live keys.
export interface ProviderFields {
  /** The provider's publishable key (pk_live_… or pk_test_…): public by design. */
  publishableKey: string;
  /** Where the provider's browser script is loaded from (https://js.stripe.com/endive/stripe.js). */
  scriptUrl: string;
}
