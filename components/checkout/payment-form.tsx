"use client";

import { useRef, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/ui/form-alert";
import { Field } from "@/components/account/field";
import { ADDRESS_FIELD_NAMES, AddressFields, addressFromForm, type AddressFieldName } from "@/components/orders/address-fields";
import { ShopLink } from "@/components/ui/shop-link";
import { Button, buttonClass } from "@/components/ui/button";
import { ApiError } from "@/lib/api/envelope";
import { readCard, type CardField, type CardInput } from "@/lib/card-rules";
import { orderPath } from "@/lib/config/routes";
import { formatAmount, formatFee } from "@/lib/money";
import { formatCalendarDay, orderNumber } from "@/lib/order-display";
import type { UsAddress } from "@/lib/schemas/auth";
import type { Order, SavedPaymentMethod, ShippingMethodValue } from "@/lib/schemas/order";

const NEW_CARD = "new";

interface PaymentFormProps {
  initialOrder: Order;
  /** The profile's default address, offered when the order has none yet. */
  defaultAddress: UsAddress | null;
  savedCards: SavedPaymentMethod[];
}

/** The API's field paths (card.number, card.expMonth …) under the fields of this form. */
function cardFieldOf(path: string): CardField | null {
  if (path === "card.number" || path === "paymentMethodId") return "number";
  if (path === "card.expMonth" || path === "card.expYear") return "expiry";
  if (path === "card.cvc") return "cvc";
  if (path === "card.name") return "name";
  return null;
}

// A failed call may have reached the server or not (timeout, network): the same attempt is retried
// with the same key, so the server answers it instead of charging again. Any real answer ends it.
const outcomeUnknown = (error: unknown) => error instanceof ApiError && (error.code === 0 || error.code === 408 || error.code >= 500);

export function PaymentForm({ initialOrder, defaultAddress, savedCards }: PaymentFormProps) {
  const [order, setOrder] = useState(initialOrder);
  const [addressErrors, setAddressErrors] = useState<Partial<Record<AddressFieldName, string>>>({});
  const [addressDirty, setAddressDirty] = useState(initialOrder.shippingAddress === null);
  const [addressFormError, setAddressFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [shippingError, setShippingError] = useState<string>();
  // The option the customer just chose, shown checked while the server recomputes the totals.
  const [pendingMethod, setPendingMethod] = useState<ShippingMethodValue | null>(null);
  const [method, setMethod] = useState<string>(savedCards.find((card) => card.isDefault)?.id ?? savedCards[0]?.id ?? NEW_CARD);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, string>>>({});
  const [payError, setPayError] = useState<string>();
  const [paying, setPaying] = useState(false);
  const attemptKey = useRef<string | null>(null);

  const busy = saving || paying;
  const paid = order.paymentReceived;

  function showAddressErrors(issues: readonly { path: string; message: string }[]): boolean {
    const fieldErrors: Partial<Record<AddressFieldName, string>> = {};
    for (const issue of issues) {
      const [head, field] = issue.path.split(".");
      if (head === "shippingAddress" && (ADDRESS_FIELD_NAMES as readonly string[]).includes(field ?? "")) {
        fieldErrors[field as AddressFieldName] ??= issue.message;
      }
    }
    setAddressErrors(fieldErrors);
    return Object.keys(fieldErrors).length > 0;
  }

  async function saveEdit(change: { shippingAddress: Record<string, string> } | { shippingMethod: ShippingMethodValue }) {
    setSaving(true);
    try {
      const { editOrder, editOrderBodySchema } = await import("./payment-actions");
      const parsed = editOrderBodySchema.safeParse({ orderId: order.orderId, ...change });
      if (!parsed.success) {
        showAddressErrors(parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
        return false;
      }
      setOrder(await editOrder(parsed.data));
      return true;
    } catch (error) {
      const shown = showAddressErrors(error instanceof ApiError ? error.errors : []);
      const message = error instanceof Error ? error.message : "Something went wrong. Please try again.";
      if ("shippingMethod" in change) setShippingError(message);
      else if (!shown) setAddressFormError(message);
      return false;
    } finally {
      setSaving(false);
    }
  }

  async function onSaveAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAddressErrors({});
    setAddressFormError(undefined);
    if (await saveEdit({ shippingAddress: addressFromForm(new FormData(event.currentTarget)) })) setAddressDirty(false);
  }

  async function onShippingChange(value: ShippingMethodValue) {
    setShippingError(undefined);
    setPendingMethod(value);
    await saveEdit({ shippingMethod: value });
    setPendingMethod(null);
  }

  async function onPay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setPayError(undefined);
    setCardErrors({});
    const data = new FormData(event.currentTarget);
    let payment: { paymentMethodId: string } | { card: CardInput; savePaymentMethod: boolean };
    if (method === NEW_CARD) {
      const field = (name: CardField) => String(data.get(name) ?? "");
      const typed = readCard({ number: field("number"), expiry: field("expiry"), cvc: field("cvc"), name: field("name") });
      if ("errors" in typed) {
        setCardErrors(typed.errors);
        return;
      }
      payment = { card: typed.card, savePaymentMethod: data.get("save") === "on" };
    } else {
      payment = { paymentMethodId: method };
    }

    setPaying(true);
    try {
      const { newIdempotencyKey, payOrder } = await import("./payment-actions");
      attemptKey.current ??= newIdempotencyKey();
      const result = await payOrder({ orderId: order.orderId, idempotencyKey: attemptKey.current, ...payment });
      attemptKey.current = null;
      setOrder(result.order);
      if (result.status !== "paid") setPayError(result.message ?? "The payment did not go through. Please try again.");
    } catch (error) {
      if (!outcomeUnknown(error)) attemptKey.current = null;
      const errors = error instanceof ApiError ? error.errors : [];
      const fieldErrors: Partial<Record<CardField, string>> = {};
      for (const issue of errors) {
        const field = cardFieldOf(issue.path);
        if (field) fieldErrors[field] ??= issue.message;
      }
      setCardErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) {
        const message = error instanceof Error ? error.message : "Something went wrong. Please try again.";
        setPayError(outcomeUnknown(error) ? `${message} Press Pay again: you will not be charged twice.` : message);
      }
    } finally {
      setPaying(false);
    }
  }

  if (paid) {
    return (
      <section aria-labelledby="paid-title" className="rounded-2xl border border-green-300 bg-green-50 p-6" role="status">
        <h2 id="paid-title" className="text-2xl font-bold text-ink">
          Payment received
        </h2>
        <p className="mt-2 text-ink-soft">
          Order {orderNumber(order.orderId)} is <strong className="text-ink">paid</strong>: {formatAmount(order.total)}. A confirmation is
          on its way to your e-mail.
        </p>
        <ShopLink href={orderPath(order.orderId)} className={buttonClass("primary", "mt-4 inline-flex h-12 items-center px-6")}>
          View your order
        </ShopLink>
      </section>
    );
  }

  const selected = order.shippingOptions.find((option) => option.value === order.shippingMethod);
  const checkedMethod = pendingMethod ?? order.shippingMethod;

  return (
    <div className="grid gap-8 desk:grid-cols-[3fr_2fr]">
      <div className="flex flex-col gap-8">
        <form
          onSubmit={(event) => void onSaveAddress(event)}
          onChange={() => setAddressDirty(true)}
          aria-labelledby="address-title"
          className="flex flex-col gap-4"
          noValidate
        >
          <h2 id="address-title" className="text-xl font-semibold text-ink">
            Shipping address
          </h2>
          <AddressFields
            idPrefix="pay-address"
            legend="United States only"
            address={order.shippingAddress ?? defaultAddress}
            errors={addressErrors}
          />
          <FormAlert message={addressFormError} />
          <Button
            type="submit"
            variant="secondary"
            disabled={saving || !addressDirty}
            className="h-11 self-start px-5 disabled:cursor-default disabled:opacity-50"
          >
            {saving ? "Saving…" : order.shippingAddress && !addressDirty ? "Address saved" : "Save address"}
          </Button>
        </form>

        <fieldset className="flex flex-col gap-3" disabled={saving}>
          <legend className="mb-3 text-xl font-semibold text-ink">Shipping option</legend>
          {order.shippingOptions.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-start gap-3 rounded-2xl border p-4 ${option.value === checkedMethod ? "border-brand-600 bg-brand-50" : "border-line"}`}
            >
              <input
                type="radio"
                name="shippingMethod"
                value={option.value}
                checked={option.value === checkedMethod}
                onChange={() => void onShippingChange(option.value)}
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
          <FormAlert message={shippingError} />
        </fieldset>

        <form onSubmit={(event) => void onPay(event)} aria-labelledby="card-title" className="flex flex-col gap-4" noValidate>
          <h2 id="card-title" className="text-xl font-semibold text-ink">
            Payment
          </h2>
          <fieldset className="flex flex-col gap-3">
            <legend className="sr-only">Pay with</legend>
            {savedCards.map((card) => (
              <label key={card.id} className="flex cursor-pointer items-center gap-3 rounded-2xl border border-line p-4">
                <input
                  type="radio"
                  name="method"
                  value={card.id}
                  checked={method === card.id}
                  onChange={() => setMethod(card.id)}
                  className="size-4 accent-brand-600"
                />
                <span className="text-ink">
                  {card.brand} ending {card.last4}
                  <span className="text-sm text-ink-soft">
                    {" "}
                    · expires {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                    {card.isDefault ? " · default" : ""}
                  </span>
                </span>
              </label>
            ))}
            {savedCards.length > 0 ? (
              <label className="flex cursor-pointer items-center gap-3 rounded-2xl border border-line p-4">
                <input
                  type="radio"
                  name="method"
                  value={NEW_CARD}
                  checked={method === NEW_CARD}
                  onChange={() => setMethod(NEW_CARD)}
                  className="size-4 accent-brand-600"
                />
                <span className="text-ink">A new card</span>
              </label>
            ) : null}
          </fieldset>
          {method === NEW_CARD ? (
            <div className="grid gap-4 desk:grid-cols-2">
              <div className="desk:col-span-2">
                <Field
                  id="card-number"
                  name="number"
                  label="Card number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 1234 1234 1234"
                  error={cardErrors.number}
                />
              </div>
              <Field
                id="card-expiry"
                name="expiry"
                label="Expiry (MM / YY)"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM / YY"
                error={cardErrors.expiry}
              />
              <Field
                id="card-cvc"
                name="cvc"
                label="Security code (CVC)"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                error={cardErrors.cvc}
              />
              <div className="desk:col-span-2">
                <Field id="card-name" name="name" label="Name on the card" autoComplete="cc-name" error={cardErrors.name} />
              </div>
              <label className="flex min-h-11 items-center gap-2 text-ink desk:col-span-2">
                <input type="checkbox" name="save" className="size-4 accent-brand-600" />
                Save this card for next time
              </label>
            </div>
          ) : (
            cardErrors.number && <FormAlert message={cardErrors.number} />
          )}
          <FormAlert message={payError} />
          {addressDirty ? (
            <p className="text-sm font-medium text-amber-800">Save the shipping address first: the tax and total depend on it.</p>
          ) : null}
          <Button
            type="submit"
            disabled={busy || addressDirty || !order.canPay}
            className="h-12 text-base disabled:cursor-not-allowed disabled:bg-brand-300"
          >
            {paying ? "Paying…" : `Pay ${formatAmount(order.total)}`}
          </Button>
        </form>
      </div>

      <aside aria-labelledby="summary-title" className="self-start rounded-2xl border border-line p-6">
        <h2 id="summary-title" className="text-xl font-semibold text-ink">
          Order summary
        </h2>
        <ul className="mt-4 flex flex-col gap-3">
          {order.items.map((item) => (
            <li key={item.skuNum} className="flex justify-between gap-3 text-[15px]">
              <span className="text-ink">
                {item.name} <span className="text-ink-soft">× {item.quantity}</span>
              </span>
              <span className="text-ink">{formatAmount(item.discountPrice, item.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 flex flex-col gap-2 border-t border-line pt-4 text-[15px]">
          <div className="flex justify-between">
            <dt className="text-ink-soft">Subtotal</dt>
            <dd>{formatAmount(order.subTotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-ink-soft">Shipping{selected ? ` (${selected.label})` : ""}</dt>
            <dd>{formatFee(order.shippingFee)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-ink-soft">Sales tax{order.shippingAddress ? ` (${order.shippingAddress.state})` : ""}</dt>
            <dd>{order.shippingAddress ? formatAmount(order.tax) : "After the address"}</dd>
          </div>
          <div className="flex justify-between border-t border-line pt-2 text-lg font-semibold">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatAmount(order.total)}</dd>
          </div>
        </dl>
      </aside>
    </div>
  );
}
