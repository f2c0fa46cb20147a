import type { RefObject } from "react";
import { FormAlert } from "@/components/ui/form-alert";
import { AddressFields } from "@/components/orders/address-fields";
import type { UsAddress } from "@/lib/schemas/auth";
import type { AddressErrors } from "./address-errors";

/** The ids of the address fields are `${ADDRESS_ID_PREFIX}-${name}`: Pay focuses the first wrong one. */
export const ADDRESS_ID_PREFIX = "pay-address";

/**
 * The shipping address as typed on the payment page: every change asks `onEdit` for a new quote of
 * the tax and total, and says while one is on its way. Pay reads the fields through `formRef`.
 */
export function ShippingAddressForm({
  formRef,
  address,
  errors,
  offerDefault,
  quoting,
  formError,
  onEdit,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  address: UsAddress | null;
  errors: AddressErrors;
  /** Offers to keep the address as the profile's default (a customer who has none yet). */
  offerDefault: boolean;
  quoting: boolean;
  formError: string | undefined;
  onEdit: () => void;
}) {
  return (
    <form
      ref={formRef}
      // Enter in a field quotes at once instead of waiting for the timer; paying stays with Pay.
      onSubmit={(event) => {
        event.preventDefault();
        onEdit();
      }}
      onChange={onEdit}
      aria-labelledby="address-title"
      className="flex flex-col gap-4"
      noValidate
    >
      <h2 id="address-title" className="text-xl font-semibold text-ink">
        Shipping address
      </h2>
      <AddressFields idPrefix={ADDRESS_ID_PREFIX} legend="United States only" address={address} errors={errors} />
      {offerDefault ? (
        <label className="flex items-center gap-2 text-ink">
          <input type="checkbox" name="saveAddress" defaultChecked className="size-4 accent-brand-600" />
          Save as my default address
        </label>
      ) : null}
      <p aria-live="polite" className="min-h-5 text-sm text-ink-soft">
        {quoting ? "Updating the tax and total for this address…" : ""}
      </p>
      <FormAlert message={formError} />
    </form>
  );
}
