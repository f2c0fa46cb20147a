import { ADDRESS_FIELD_NAMES, type AddressFieldName } from "@/components/orders/address-fields";

// The payment page's address errors: the typed address is checked while the customer types (to
// quote its tax) and again on Pay, and the server may refuse a field too.

export type AddressErrors = Partial<Record<AddressFieldName, string>>;

/** The first message per address field, from the API's or the schema's paths (shippingAddress.zip …). */
export function addressErrorsOf(issues: readonly { path: string; message: string }[]): AddressErrors {
  const errors: AddressErrors = {};
  for (const issue of issues) {
    const [head, field] = issue.path.split(".");
    if (head === "shippingAddress" && (ADDRESS_FIELD_NAMES as readonly string[]).includes(field ?? "")) {
      errors[field as AddressFieldName] ??= issue.message;
    }
  }
  return errors;
}

/** While the customer types, the errors already shown go as their fields are put right; no new ones appear. */
export function keepFixedOnly(shown: AddressErrors, now: AddressErrors): AddressErrors {
  const kept: AddressErrors = {};
  for (const name of ADDRESS_FIELD_NAMES) {
    const message = now[name];
    if (shown[name] && message) kept[name] = message;
  }
  return Object.keys(kept).length === Object.keys(shown).length && ADDRESS_FIELD_NAMES.every((name) => kept[name] === shown[name])
    ? shown
    : kept;
}
