import { Field, SelectField } from "@/components/account/field";
import { US_STATES } from "@/lib/config/us-states";
import type { UsAddress } from "@/lib/schemas/auth";

export const ADDRESS_FIELD_NAMES = ["fullName", "line1", "line2", "city", "state", "zip"] as const;
export type AddressFieldName = (typeof ADDRESS_FIELD_NAMES)[number];

interface AddressFieldsProps {
  idPrefix: string;
  legend: string;
  address: UsAddress | null;
  errors: Partial<Record<AddressFieldName, string>>;
}

/** A US delivery address; every error sits under its field and is announced with it. */
export function AddressFields({ idPrefix, legend, address, errors }: AddressFieldsProps) {
  const id = (name: AddressFieldName) => `${idPrefix}-${name}`;
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
      <Field
        id={id("fullName")}
        name="fullName"
        label="Recipient"
        autoComplete="shipping name"
        defaultValue={address?.fullName ?? ""}
        error={errors.fullName}
      />
      <Field
        id={id("line1")}
        name="line1"
        label="Street address"
        autoComplete="shipping address-line1"
        defaultValue={address?.line1 ?? ""}
        error={errors.line1}
      />
      <Field
        id={id("line2")}
        name="line2"
        label="Apartment, suite (optional)"
        autoComplete="shipping address-line2"
        defaultValue={address?.line2 ?? ""}
        error={errors.line2}
      />
      <Field
        id={id("city")}
        name="city"
        label="City"
        autoComplete="shipping address-level2"
        defaultValue={address?.city ?? ""}
        error={errors.city}
      />
      <SelectField
        id={id("state")}
        name="state"
        label="State"
        autoComplete="shipping address-level1"
        defaultValue={address?.state ?? ""}
        error={errors.state}
      >
        <option value="">Choose a state</option>
        {US_STATES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      <Field
        id={id("zip")}
        name="zip"
        label="ZIP code"
        inputMode="numeric"
        autoComplete="shipping postal-code"
        defaultValue={address?.zip ?? ""}
        error={errors.zip}
      />
    </fieldset>
  );
}

/** The address as typed, in the shape the API validates (an empty apartment line left out). */
export function addressFromForm(data: FormData): Record<string, string> {
  const text = (name: AddressFieldName) => String(data.get(name) ?? "").trim();
  const line2 = text("line2");
  return {
    fullName: text("fullName"),
    line1: text("line1"),
    ...(line2 ? { line2 } : {}),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
  };
}
