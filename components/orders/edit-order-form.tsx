"use client";

import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { SubmitButton } from "@/components/account/form-parts";
import { FormAlert } from "@/components/ui/form-alert";
import { FieldError } from "@/components/account/field";
import { ApiError } from "@/lib/api/envelope";
import { editOrder, orderQueryKey } from "@/lib/api/orders";
import { formatAmount, formatFee } from "@/lib/rules/money";
import { formatCalendarDay } from "@/lib/display/order-display";
import { editOrderBodySchema, type Order } from "@/lib/schemas/order";
import { showToastAtom } from "@/lib/state/notices";
import { ADDRESS_FIELD_NAMES, AddressFields, addressFromForm, type AddressFieldName } from "./address-fields";

interface EditErrors {
  address: Partial<Record<AddressFieldName, string>>;
  shippingMethod?: string;
  form?: string;
}

/** Sorts zod issues or the API's field errors under the address fields, the options, or the form. */
function sortErrors(issues: readonly { path: string | readonly PropertyKey[]; message: string }[]): EditErrors {
  const errors: EditErrors = { address: {} };
  for (const issue of issues) {
    const [head, field] = typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String);
    if (head === "shippingAddress" && (ADDRESS_FIELD_NAMES as readonly string[]).includes(field ?? "")) {
      errors.address[field as AddressFieldName] ??= issue.message;
    } else if (head === "shippingMethod") {
      errors.shippingMethod ??= issue.message;
    } else {
      errors.form ??= issue.message;
    }
  }
  return errors;
}

const sameAddress = (a: Record<string, string>, b: Order["shippingAddress"]) =>
  b !== null && ADDRESS_FIELD_NAMES.every((name) => (a[name] ?? "") === (b[name] ?? ""));

/**
 * Change where and how an order that has not shipped yet travels. Only what changed is sent; the
 * server recomputes shipping, tax and total, and the page shows its answer.
 */
export function EditOrderForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const [errors, setErrors] = useState<EditErrors>({ address: {} });
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const address = addressFromForm(data);
    const addressBlank = ADDRESS_FIELD_NAMES.every((name) => !address[name]);
    const method = String(data.get("shippingMethod") ?? "");
    const parsed = editOrderBodySchema.safeParse({
      orderId: order.orderId,
      ...(sameAddress(address, order.shippingAddress) || (addressBlank && !order.shippingAddress) ? {} : { shippingAddress: address }),
      ...(method && method !== order.shippingMethod ? { shippingMethod: method } : {}),
    });
    if (!parsed.success) {
      setErrors(sortErrors(parsed.error.issues));
      return;
    }
    setErrors({ address: {} });
    setPending(true);
    try {
      const updated = await editOrder(parsed.data);
      queryClient.setQueryData(orderQueryKey(order.orderId), updated);
      showToast({ tone: "success", message: `Your order is updated. Total: ${formatAmount(updated.total)}.` });
      onDone();
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.errors.length > 0
          ? sortErrors(error.errors)
          : { address: {}, form: error instanceof Error ? error.message : "Something went wrong. Please try again." },
      );
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5" aria-label="Change delivery">
      <FormAlert message={errors.form} />
      <AddressFields
        idPrefix="edit-address"
        legend="Delivery address (United States)"
        address={order.shippingAddress}
        errors={errors.address}
      />
      {order.shippingOptions.length > 0 ? (
        <fieldset
          className="flex flex-col gap-3 rounded-2xl border border-line p-4"
          aria-describedby={errors.shippingMethod ? "edit-shipping-error" : undefined}
        >
          <legend className="px-1 text-sm font-semibold text-ink">Shipping option</legend>
          {order.shippingOptions.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="shippingMethod"
                value={option.value}
                defaultChecked={option.value === order.shippingMethod}
                className="mt-1 h-4 w-4 accent-brand-600"
              />
              <span className="flex flex-1 flex-col">
                <span className="font-medium text-ink">
                  {option.label} · {formatFee(option.price)}
                </span>
                <span className="text-sm text-ink-muted">
                  {option.desc} · arrives by {formatCalendarDay(option.realDate)}
                </span>
              </span>
            </label>
          ))}
          <FieldError id="edit-shipping" error={errors.shippingMethod} />
        </fieldset>
      ) : (
        <p className="text-sm text-ink-muted">
          The shipping option of a paid order stays as it is; the address can change within the same state.
        </p>
      )}
      <p className="text-sm text-ink-muted">Shipping, tax and the total are worked out again when you save.</p>
      <div className="flex flex-col gap-3">
        <SubmitButton pending={pending} label="Save changes" pendingLabel="Saving…" />
        <button type="button" onClick={onDone} className="h-12 rounded-full border border-line font-semibold text-ink hover:bg-canvas">
          Keep as it was
        </button>
      </div>
    </form>
  );
}
