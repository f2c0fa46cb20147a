"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/ui/form-alert";
import { ADDRESS_FIELD_NAMES, AddressFields, addressFromForm } from "@/components/orders/address-fields";
import { addressErrorsOf, keepFixedOnly, type AddressErrors } from "./address-errors";
import { ShopLink } from "@/components/ui/shop-link";
import { Button, buttonClass } from "@/components/ui/button";
import { ApiError } from "@/lib/api/envelope";
import { CardChoice, NEW_CARD, cardFromForm, type CardErrors } from "./card-choice";
import { CARD_INCOMPLETE, ProviderCardField, type ProviderCard } from "./provider-card-field";
import { confirmInBrowser, loadProvider, type ProviderAction } from "./provider-script";
import type { PaymentResult } from "@/lib/api/payments";
import type { ProviderFields } from "@/lib/provider-fields";
import type { CardField, CardInput } from "@/lib/card-rules";
import { orderPath } from "@/lib/config/routes";
import { UI } from "@/lib/config/store";
import { formatAmount, formatFee } from "@/lib/money";
import { formatCalendarDay, MEMBER_SHIPPING_TEXT, NOTHING_TO_SHIP_NOTE, orderNumber } from "@/lib/order-display";
import { revealResult } from "@/lib/reveal-result";
import { sameAddress } from "@/lib/same-address";
import type { UsAddress } from "@/lib/schemas/auth";
import type { Order, SavedPaymentMethod, ShippingMethodValue } from "@/lib/schemas/order";

const ADDRESS_ID_PREFIX = "pay-address";
const GENERIC_FAILURE = "Something went wrong. Please try again.";
const ADDRESS_REFUSED = "Check the shipping address above: nothing was charged.";

interface PaymentFormProps {
  initialOrder: Order;
  /** The profile's default address, offered when the order has none yet. */
  defaultAddress: UsAddress | null;
  savedCards: SavedPaymentMethod[];
  /** The order buys a membership: its card is kept for the renewals, and the page says so instead of offering a choice. */
  keepsCardForRenewals?: boolean;
  /** The payment provider's own card fields take a new card (Stripe); null: the shop's fields do. */
  providerFields?: ProviderFields | null;
  /**
   * The order's payment waits for the customer to pass their bank's check (a renewal the bank would
   * not let through without them): the page offers to do it here, or to pay another way instead.
   */
  bankCheck?: ProviderAction | null;
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

export function PaymentForm({
  initialOrder,
  defaultAddress,
  savedCards,
  keepsCardForRenewals = false,
  providerFields = null,
  bankCheck = null,
}: PaymentFormProps) {
  const [order, setOrder] = useState(initialOrder);
  const [waitingCheck, setWaitingCheck] = useState(bankCheck);
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const [addressFormError, setAddressFormError] = useState<string>();
  // A quote is waiting for the typing to stop, or for the server's answer.
  const [quoting, setQuoting] = useState(false);
  const [changingMethod, setChangingMethod] = useState(false);
  const [shippingError, setShippingError] = useState<string>();
  // The option the customer just chose, shown checked while the server recomputes the totals.
  const [pendingMethod, setPendingMethod] = useState<ShippingMethodValue | null>(null);
  const [method, setMethod] = useState<string>(savedCards.find((card) => card.isDefault)?.id ?? savedCards[0]?.id ?? NEW_CARD);
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [payError, setPayError] = useState<string>();
  // Counts the answers to Pay that leave the form on screen, so each one is shown and read out anew.
  const [payAnswers, setPayAnswers] = useState(0);
  const [paying, setPaying] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const providerCard = useRef<ProviderCard | null>(null);
  // The order as last answered, for the quote timer and the submit (which outlive a render).
  const currentOrder = useRef(initialOrder);
  const addressForm = useRef<HTMLFormElement>(null);
  const quoteTimer = useRef<number | undefined>(undefined);
  const quotesInFlight = useRef(0);
  // Only the newest change's answer is shown: an older one may arrive after it.
  const latestChange = useRef(0);
  const paidSection = useRef<HTMLElement>(null);
  const paidHeading = useRef<HTMLHeadingElement>(null);
  const payAnswer = useRef<HTMLDivElement>(null);

  const busy = changingMethod || paying;
  const paid = order.paymentReceived;
  // Plans and services only: no parcel, so no address and no shipping option are asked for.
  const ships = order.shippingMethod !== null;
  // A customer with no default address yet is offered to keep this one for next time.
  const offerDefault = defaultAddress === null;

  function applyOrder(next: Order, change: number) {
    if (change !== latestChange.current) return;
    currentOrder.current = next;
    setOrder(next);
  }

  function showAddressErrors(issues: readonly { path: string; message: string }[]): AddressErrors {
    const fieldErrors = addressErrorsOf(issues);
    setAddressErrors(fieldErrors);
    return fieldErrors;
  }

  /**
   * Puts the typed address on the order when it is complete and new, and answers the order with its
   * tax and total; null while the address is incomplete or the server refused it (its errors shown).
   */
  async function quoteTypedAddress(): Promise<{ order: Order } | { invalid: AddressErrors } | null> {
    const form = addressForm.current;
    if (!form) return null;
    const { quoteOrderAddress, usAddressSchema } = await import("./payment-actions");
    const parsed = usAddressSchema.safeParse(addressFromForm(new FormData(form)));
    if (!parsed.success) {
      return {
        invalid: addressErrorsOf(
          parsed.error.issues.map((issue) => ({ path: `shippingAddress.${issue.path.join(".")}`, message: issue.message })),
        ),
      };
    }
    const known = currentOrder.current;
    if (sameAddress(parsed.data, known.shippingAddress)) return { order: known };
    const change = ++latestChange.current;
    quotesInFlight.current += 1;
    try {
      const updated = await quoteOrderAddress({ orderId: known.orderId, shippingAddress: parsed.data });
      applyOrder(updated, change);
      return { order: updated };
    } catch (error) {
      const shown = showAddressErrors(error instanceof ApiError ? error.errors : []);
      if (Object.keys(shown).length === 0) setAddressFormError(error instanceof Error ? error.message : GENERIC_FAILURE);
      return null;
    } finally {
      quotesInFlight.current -= 1;
    }
  }

  function settleQuoting() {
    setQuoting(quoteTimer.current !== undefined || quotesInFlight.current > 0);
  }

  // Typing is enough: once the fields have been still for a moment and the address is complete,
  // the tax and total follow it. Errors appear only on Pay (or from the server), not mid-word;
  // once shown, each one goes as soon as its field is right.
  function scheduleQuote() {
    setAddressFormError(undefined);
    window.clearTimeout(quoteTimer.current);
    setQuoting(true);
    quoteTimer.current = window.setTimeout(() => {
      quoteTimer.current = undefined;
      void quoteTypedAddress()
        .then((outcome) => {
          if (outcome && "invalid" in outcome) setAddressErrors((shown) => keepFixedOnly(shown, outcome.invalid));
          else if (outcome) setAddressErrors({});
        })
        .finally(settleQuoting);
    }, UI.addressQuoteDebounceMs);
  }

  // The order has no address yet but the form starts from the profile's default: quote that one.
  const quoteDefaultOnOpen =
    initialOrder.shippingMethod !== null && initialOrder.shippingAddress === null && defaultAddress !== null && initialOrder.canPay;
  useEffect(() => {
    // Through the form's own submit, which quotes: later quotes follow the typing.
    if (quoteDefaultOnOpen) addressForm.current?.requestSubmit();
  }, [quoteDefaultOnOpen]);

  useEffect(() => {
    const timer = quoteTimer;
    return () => window.clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    if (paid && !initialOrder.paymentReceived) revealResult(paidSection.current, paidHeading.current);
  }, [paid, initialOrder.paymentReceived]);

  useEffect(() => {
    if (payAnswers > 0) revealResult(payAnswer.current, payAnswer.current, { block: "center" });
  }, [payAnswers]);

  async function onShippingChange(value: ShippingMethodValue) {
    setShippingError(undefined);
    setPendingMethod(value);
    setChangingMethod(true);
    const change = ++latestChange.current;
    try {
      const { editOrder, editOrderBodySchema } = await import("./payment-actions");
      applyOrder(await editOrder(editOrderBodySchema.parse({ orderId: order.orderId, shippingMethod: value })), change);
    } catch (error) {
      setShippingError(error instanceof Error ? error.message : GENERIC_FAILURE);
    } finally {
      setChangingMethod(false);
      setPendingMethod(null);
    }
  }

  function showPayAnswer(message: string | undefined) {
    setPayError(message);
    setPayAnswers((count) => count + 1);
  }

  /**
   * The provider's script confirms the payment in the browser (the card typed into its fields, or the
   * bank's check), then the shop is asked how it ended: it reads the provider's own answer, so a slow
   * webhook never keeps the customer waiting. The provider's words are shown when the shop has none.
   */
  async function confirmWithProvider(fields: ProviderFields, action: ProviderAction, card: ProviderCard | null): Promise<PaymentResult> {
    const { checkPayment } = await import("./payment-actions");
    let refused: string | null;
    try {
      refused = await confirmInBrowser(await loadProvider(fields), action, card?.element ?? null);
    } catch {
      refused = "The secure card fields could not be reached. Check your connection and press Pay again.";
    }
    const checked = await checkPayment({ orderId: currentOrder.current.orderId });
    return checked.status === "paid" || !refused ? checked : { ...checked, message: refused };
  }

  /** "Confirm with your bank": the waiting payment's check runs here, then the shop reads how it ended. */
  async function onConfirmWithBank() {
    if (busy || !waitingCheck || !providerFields) return;
    setPayError(undefined);
    setPaying(true);
    try {
      const settled = await confirmWithProvider(providerFields, waitingCheck, null);
      applyOrder(settled.order, ++latestChange.current);
      // Offered again only while the bank still waits; after a failed check, Pay is the way on.
      setWaitingCheck(settled.status === "requires_action" && settled.action?.kind === "authenticate" ? settled.action : null);
      if (settled.status !== "paid") showPayAnswer(settled.message ?? "The payment did not go through. Please try again.");
    } catch (error) {
      showPayAnswer(error instanceof Error ? error.message : GENERIC_FAILURE);
    } finally {
      setPaying(false);
    }
  }

  async function onPay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setPayError(undefined);
    setCardErrors({});
    const data = new FormData(event.currentTarget);
    let payment: { paymentMethodId: string } | { card: CardInput; savePaymentMethod: boolean } | { savePaymentMethod: boolean };
    const typedIntoProvider = method === NEW_CARD && providerFields ? providerCard.current : null;
    if (method === NEW_CARD && providerFields) {
      if (!typedIntoProvider?.complete) {
        setCardErrors({ number: typedIntoProvider?.problem ?? CARD_INCOMPLETE });
        typedIntoProvider?.element.focus();
        return;
      }
      // The card stays in the provider's fields: only the wish to keep it goes to the shop.
      payment = { savePaymentMethod: data.get("save") === "on" };
    } else if (method === NEW_CARD) {
      const typed = cardFromForm(data);
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
      // The address as typed now, quoted first if the timer had not run yet: Pay charges what it showed.
      window.clearTimeout(quoteTimer.current);
      quoteTimer.current = undefined;
      const shownTotal = currentOrder.current.total;
      const quoted = ships ? await quoteTypedAddress() : { order: currentOrder.current };
      settleQuoting();
      if (!quoted) {
        showPayAnswer(ADDRESS_REFUSED);
        return;
      }
      if ("invalid" in quoted) {
        setAddressErrors(quoted.invalid);
        const first = ADDRESS_FIELD_NAMES.find((name) => quoted.invalid[name]);
        if (first) document.getElementById(`${ADDRESS_ID_PREFIX}-${first}`)?.focus();
        return;
      }
      setAddressErrors({});
      if (quoted.order.total !== shownTotal) {
        showPayAnswer(`With this address the total is ${formatAmount(quoted.order.total)}. Check it and press Pay again.`);
        return;
      }
      const address = ships ? quoted.order.shippingAddress : null;
      const saveBox = addressForm.current?.elements.namedItem("saveAddress");
      const keepAsDefault = offerDefault && saveBox instanceof HTMLInputElement && saveBox.checked;

      const { newIdempotencyKey, payOrder } = await import("./payment-actions");
      attemptKey.current ??= newIdempotencyKey();
      const result = await payOrder({
        orderId: order.orderId,
        idempotencyKey: attemptKey.current,
        ...payment,
        ...(address ? { shippingAddress: address, ...(keepAsDefault ? { saveAddressAsDefault: true } : {}) } : {}),
      });
      attemptKey.current = null;
      const settled =
        result.action && providerFields ? await confirmWithProvider(providerFields, result.action, typedIntoProvider) : result;
      applyOrder(settled.order, ++latestChange.current);
      if (settled.status !== "paid") showPayAnswer(settled.message ?? "The payment did not go through. Please try again.");
    } catch (error) {
      if (!outcomeUnknown(error)) attemptKey.current = null;
      const errors = error instanceof ApiError ? error.errors : [];
      const fieldErrors: CardErrors = {};
      for (const issue of errors) {
        const field = cardFieldOf(issue.path);
        if (field) fieldErrors[field] ??= issue.message;
      }
      setCardErrors(fieldErrors);
      const addressShown = showAddressErrors(errors);
      if (Object.keys(fieldErrors).length === 0) {
        const message = Object.keys(addressShown).length > 0 ? ADDRESS_REFUSED : error instanceof Error ? error.message : GENERIC_FAILURE;
        showPayAnswer(outcomeUnknown(error) ? `${message} Press Pay again: you will not be charged twice.` : message);
      }
    } finally {
      setPaying(false);
    }
  }

  if (paid) {
    return (
      <section
        ref={paidSection}
        aria-labelledby="paid-title"
        className="scroll-mt-24 rounded-2xl border border-green-300 bg-green-50 p-6"
        role="status"
      >
        <h2 id="paid-title" ref={paidHeading} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
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

  const offersBankCheck = waitingCheck !== null && providerFields !== null && order.canPay;

  return (
    <div className="grid gap-8 desk:grid-cols-[3fr_2fr]">
      <div className="flex flex-col gap-8">
        {offersBankCheck ? (
          <section
            aria-labelledby="bank-check-title"
            data-testid="bank-check"
            className="rounded-2xl border border-brand-600 bg-brand-50 p-5"
          >
            <h2 id="bank-check-title" className="text-xl font-semibold text-ink">
              Your bank asks you to confirm this payment
            </h2>
            <p className="mt-2 text-ink-soft">
              Nothing has been charged yet. Confirm the payment of {formatAmount(order.total)} with your bank: its check opens on this page.
              You can also pay with another card below instead.
            </p>
            <Button
              type="button"
              onClick={() => void onConfirmWithBank()}
              disabled={busy}
              className="mt-4 h-12 px-6 text-base disabled:cursor-not-allowed disabled:bg-brand-300"
            >
              {paying ? "Confirming…" : "Confirm with your bank"}
            </Button>
          </section>
        ) : null}
        {ships ? (
          <>
            <form
              ref={addressForm}
              // Enter in a field quotes at once instead of waiting for the timer; paying stays with Pay.
              onSubmit={(event) => {
                event.preventDefault();
                scheduleQuote();
              }}
              onChange={scheduleQuote}
              aria-labelledby="address-title"
              className="flex flex-col gap-4"
              noValidate
            >
              <h2 id="address-title" className="text-xl font-semibold text-ink">
                Shipping address
              </h2>
              <AddressFields
                idPrefix={ADDRESS_ID_PREFIX}
                legend="United States only"
                address={order.shippingAddress ?? defaultAddress}
                errors={addressErrors}
              />
              {offerDefault ? (
                <label className="flex items-center gap-2 text-ink">
                  <input type="checkbox" name="saveAddress" defaultChecked className="size-4 accent-brand-600" />
                  Save as my default address
                </label>
              ) : null}
              <p aria-live="polite" className="min-h-5 text-sm text-ink-soft">
                {quoting ? "Updating the tax and total for this address…" : ""}
              </p>
              <FormAlert message={addressFormError} />
            </form>

            <fieldset className="flex flex-col gap-3" disabled={changingMethod}>
              <legend className="mb-3 text-xl font-semibold text-ink">Shipping option</legend>
              {order.memberPricing ? (
                <p data-testid="member-shipping" className="-mt-1 mb-1 text-sm font-medium text-leaf-700">
                  {MEMBER_SHIPPING_TEXT}
                </p>
              ) : null}
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
          </>
        ) : (
          <section aria-labelledby="delivery-title" data-testid="nothing-to-ship" className="rounded-2xl border border-line p-5">
            <h2 id="delivery-title" className="text-xl font-semibold text-ink">
              Delivery
            </h2>
            <p className="mt-2 text-ink-soft">{NOTHING_TO_SHIP_NOTE}</p>
          </section>
        )}

        <form onSubmit={(event) => void onPay(event)} aria-labelledby="card-title" className="flex flex-col gap-4" noValidate>
          <h2 id="card-title" className="text-xl font-semibold text-ink">
            {offersBankCheck ? "Or pay another way" : "Payment"}
          </h2>
          <CardChoice
            idPrefix="card"
            legend="Pay with"
            savedCards={savedCards}
            method={method}
            onMethod={setMethod}
            errors={cardErrors}
            providerCard={
              providerFields ? <ProviderCardField fields={providerFields} cardRef={providerCard} error={cardErrors.number} /> : undefined
            }
          >
            {keepsCardForRenewals ? null : (
              <label className="flex min-h-11 items-center gap-2 text-ink desk:col-span-2">
                <input type="checkbox" name="save" className="size-4 accent-brand-600" />
                Save this card for next time
              </label>
            )}
          </CardChoice>
          {keepsCardForRenewals ? (
            <p className="text-sm text-ink-soft" data-testid="renewal-card-note">
              Your membership renews automatically: we keep this card and charge the renewals to it until you cancel. You can choose another
              card or cancel any time from your account.
            </p>
          ) : null}
          <div key={payAnswers} ref={payAnswer} tabIndex={-1} className="scroll-mt-24 outline-none">
            <FormAlert message={payError} />
          </div>
          <Button
            type="submit"
            disabled={busy || !order.canPay}
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
        {order.memberPricesApplied ? (
          <p data-testid="member-pricing" className="mt-2 text-sm font-medium text-leaf-700">
            Member prices applied
          </p>
        ) : null}
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
            <dd data-testid="summary-shipping">{ships ? formatFee(order.shippingFee) : "None (nothing to ship)"}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-ink-soft">Sales tax{order.shippingAddress ? ` (${order.shippingAddress.state})` : ""}</dt>
            <dd>{order.shippingAddress || !ships ? formatAmount(order.tax) : "After the address"}</dd>
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
