// The stripe library's parameter type of each endpoint the double serves. The JSON Schemas in
// schemas/ are generated from these types (schema-generator.ts), so the double refuses what the
// pinned library's definitions do not have; schema-source.ts names each of them for the generator.

export const SCHEMA_NAMES = [
  "CustomerCreateParams",
  "CustomerRetrieveParams",
  "CustomerUpdateParams",
  "CustomerListPaymentMethodsParams",
  "CustomerRetrievePaymentMethodParams",
  "PaymentMethodCreateParams",
  "PaymentMethodListParams",
  "PaymentMethodRetrieveParams",
  "PaymentMethodAttachParams",
  "PaymentMethodDetachParams",
  "PaymentIntentCreateParams",
  "PaymentIntentRetrieveParams",
  "PaymentIntentUpdateParams",
  "PaymentIntentConfirmParams",
  "PaymentIntentCancelParams",
  "PaymentIntentSearchParams",
  "SetupIntentCreateParams",
  "SetupIntentRetrieveParams",
  "SetupIntentConfirmParams",
  "SetupIntentCancelParams",
  "ChargeRetrieveParams",
  "RefundCreateParams",
  "RefundRetrieveParams",
  "DisputeRetrieveParams",
  "EventRetrieveParams",
  "EventListParams",
] as const;

export type SchemaName = (typeof SCHEMA_NAMES)[number];

/** kebab-case file name of a schema: PaymentIntentCreateParams → payment-intent-create-params.json. */
export function schemaFileName(name: SchemaName): string {
  return `${name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}.json`;
}
