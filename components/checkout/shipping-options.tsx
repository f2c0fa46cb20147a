import { FormAlert } from "@/components/ui/form-alert";
import { formatFee } from "@/lib/rules/money";
import { formatCalendarDay, MEMBER_SHIPPING_TEXT } from "@/lib/display/order-display";
import type { Order, ShippingMethodValue } from "@/lib/schemas/order";

/** The order's shipping options, one checked; choosing another recomputes the order's totals on the server. */
export function ShippingOptions({
  options,
  checked,
  memberPricing,
  changing,
  error,
  onChoose,
}: {
  options: Order["shippingOptions"];
  checked: ShippingMethodValue | null;
  memberPricing: boolean;
  /** A change is on its way: the options wait for its answer. */
  changing: boolean;
  error: string | undefined;
  onChoose: (value: ShippingMethodValue) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3" disabled={changing}>
      <legend className="mb-3 text-xl font-semibold text-ink">Shipping option</legend>
      {memberPricing ? (
        <p data-testid="member-shipping" className="-mt-1 mb-1 text-sm font-medium text-leaf-700">
          {MEMBER_SHIPPING_TEXT}
        </p>
      ) : null}
      {options.map((option) => (
        <label
          key={option.value}
          className={`flex cursor-pointer items-start gap-3 rounded-2xl border p-4 ${option.value === checked ? "border-brand-600 bg-brand-50" : "border-line"}`}
        >
          <input
            type="radio"
            name="shippingMethod"
            value={option.value}
            checked={option.value === checked}
            onChange={() => onChoose(option.value)}
            className="mt-1 size-4 accent-brand-600"
          />
          <span className="flex-1">
            <span className="flex justify-between gap-2 font-semibold text-ink">
              <span>{option.label}</span>
              <span>{formatFee(option.price)}</span>
            </span>
            <span className="block text-sm text-ink-soft">{option.desc}</span>
            <span className="block text-sm text-ink-soft">Estimated delivery {formatCalendarDay(option.realDate)}</span>
          </span>
        </label>
      ))}
      <FormAlert message={error} />
    </fieldset>
  );
}
