import { startStripeDouble, type StripeDouble } from "./stripe-double";

// Imported first by a test file that runs the shop on Stripe: starts the tests' Stripe-shaped
// server and points the shop's settings at it before lib/config/env.ts reads them (it reads the
// environment once, when first imported). Webhooks are not sent by the server: each test hands
// them to the route itself (deliverWebhook), so it decides when, how often and in which order.

export const stripeDouble: StripeDouble = await startStripeDouble({ webhookUrl: null });

Object.assign(process.env, {
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: stripeDouble.secretKey,
  STRIPE_PUBLISHABLE_KEY: stripeDouble.publishableKey,
  STRIPE_WEBHOOK_SECRET: stripeDouble.webhookSecret,
  STRIPE_API_URL: stripeDouble.url,
});
