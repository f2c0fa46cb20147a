import type Stripe from "stripe";

// The generator's input (schema-generator.ts): one exported alias Stripe<name> per name in SCHEMA_NAMES (the
// library's own type; a name without its alias stops the generator). Never imported at
// run time.

export type StripeCustomerCreateParams = Stripe.CustomerCreateParams;
export type StripeCustomerRetrieveParams = Stripe.CustomerRetrieveParams;
export type StripeCustomerUpdateParams = Stripe.CustomerUpdateParams;
export type StripeCustomerListPaymentMethodsParams = Stripe.CustomerListPaymentMethodsParams;
export type StripeCustomerRetrievePaymentMethodParams = Stripe.CustomerRetrievePaymentMethodParams;
export type StripePaymentMethodCreateParams = Stripe.PaymentMethodCreateParams;
export type StripePaymentMethodListParams = Stripe.PaymentMethodListParams;
export type StripePaymentMethodRetrieveParams = Stripe.PaymentMethodRetrieveParams;
export type StripePaymentMethodAttachParams = Stripe.PaymentMethodAttachParams;
export type StripePaymentMethodDetachParams = Stripe.PaymentMethodDetachParams;
export type StripePaymentIntentCreateParams = Stripe.PaymentIntentCreateParams;
export type StripePaymentIntentRetrieveParams = Stripe.PaymentIntentRetrieveParams;
export type StripePaymentIntentUpdateParams = Stripe.PaymentIntentUpdateParams;
export type StripePaymentIntentConfirmParams = Stripe.PaymentIntentConfirmParams;
export type StripePaymentIntentCancelParams = Stripe.PaymentIntentCancelParams;
export type StripePaymentIntentSearchParams = Stripe.PaymentIntentSearchParams;
export type StripeSetupIntentCreateParams = Stripe.SetupIntentCreateParams;
export type StripeSetupIntentRetrieveParams = Stripe.SetupIntentRetrieveParams;
export type StripeSetupIntentConfirmParams = Stripe.SetupIntentConfirmParams;
export type StripeSetupIntentCancelParams = Stripe.SetupIntentCancelParams;
export type StripeChargeRetrieveParams = Stripe.ChargeRetrieveParams;
export type StripeRefundCreateParams = Stripe.RefundCreateParams;
export type StripeRefundRetrieveParams = Stripe.RefundRetrieveParams;
export type StripeDisputeRetrieveParams = Stripe.DisputeRetrieveParams;
export type StripeEventRetrieveParams = Stripe.EventRetrieveParams;
export type StripeEventListParams = Stripe.EventListParams;
