"use client";

import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { ADDRESS_FIELD_NAMES, addressFromForm } from "@/components/orders/address-fields";
import { ApiError } from "@/lib/api/envelope";
import { UI } from "@/lib/config/store";
import { formatAmount } from "@/lib/rules/money";
import type { ProviderFields } from "@/lib/rules/provider-fields";
import { sameAddress } from "@/lib/rules/same-address";
import type { UsAddress } from "@/lib/schemas/auth";
import type { PaymentResult } from "@/lib/api/payments";
import type { Order, SavedPaymentMethod, ShippingMethodValue } from "@/lib/schemas/order";
import { addressErrorsOf, type AddressErrors } from "./address-errors";
import { cardPaymentOf } from "./card-entry";
import { NEW_CARD } from "./card-choice";
import { ADDRESS_REFUSED, NOT_PAID, failureMessage, initialPaymentState, outcomeUnknown, paymentReducer, refusalOf } from "./payment-state";
import type { ProviderCard } from "./provider-card-field";
import { confirmWithProvider } from "./provider-confirm";
import type { ProviderAction } from "./provider-script";
import { ADDRESS_ID_PREFIX } from "./shipping-address-form";

type ShippingPayment = { shippingAddress?: UsAddress; saveAddressAsDefault?: true };

interface PaymentFormOptions {
  initialOrder: Order;
  defaultAddress: UsAddress | null;
  savedCards: readonly SavedPaymentMethod[];
  providerFields: ProviderFields | null;
  bankCheck: ProviderAction | null;
  /** Test mode: no bank is asked, so the page stands in for it and the customer passes or fails its check. */
  testBank: boolean;
}

/**
 * What the payment page does: quotes the typed address as the customer types, changes the shipping
 * option, pays (with a saved card, the shop's card fields or the provider's) and runs the bank's
 * check, keeping the order as the server last answered it. The page's parts only show its state.
 */
export function usePaymentForm({ initialOrder, defaultAddress, savedCards, providerFields, bankCheck, testBank }: PaymentFormOptions) {
  const [state, dispatch] = useReducer(paymentReducer, initialOrder, (order) => initialPaymentState(order, bankCheck));
  const [method, setMethod] = useState<string>(savedCards.find((card) => card.isDefault)?.id ?? savedCards[0]?.id ?? NEW_CARD);
  const attemptKey = useRef<string | null>(null);
  const providerCard = useRef<ProviderCard | null>(null);
  // The order as last answered, for the quote timer and the submit (which outlive a render).
  const currentOrder = useRef(initialOrder);
  const addressForm = useRef<HTMLFormElement>(null);
  const quoteTimer = useRef<number | undefined>(undefined);
  const quotesInFlight = useRef(0);
  // Only the newest change's answer is shown: an older one may arrive after it.
  const latestChange = useRef(0);

  const { order, waitingCheck } = state;
  const busy = state.pendingShipping !== null || state.paying;
  // Plans and services only: no parcel, so no address and no shipping option are asked for.
  const ships = order.shippingMethod !== null;
  // A customer with no default address yet is offered to keep this one for next time.
  const offerDefault = defaultAddress === null;

  function applyOrder(next: Order, change: number) {
    if (change !== latestChange.current) return;
    currentOrder.current = next;
    dispatch({ type: "orderAnswered", order: next });
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
      const refused = addressErrorsOf(error instanceof ApiError ? error.errors : []);
      dispatch({ type: "quoteRefused", errors: refused, message: failureMessage(error) });
      return null;
    } finally {
      quotesInFlight.current -= 1;
    }
  }

  function settleQuoting() {
    dispatch({ type: "quotingSettled", quoting: quoteTimer.current !== undefined || quotesInFlight.current > 0 });
  }

  // Typing is enough: once the fields have been still for a moment and the address is complete,
  // the tax and total follow it. Errors appear only on Pay (or from the server), not mid-word;
  // once shown, each one goes as soon as its field is right.
  function scheduleQuote() {
    dispatch({ type: "addressTyped" });
    window.clearTimeout(quoteTimer.current);
    quoteTimer.current = window.setTimeout(() => {
      quoteTimer.current = undefined;
      void quoteTypedAddress()
        .then((outcome) => {
          if (outcome) dispatch({ type: "addressRechecked", stillWrong: "invalid" in outcome ? outcome.invalid : {} });
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

  async function onShippingChange(value: ShippingMethodValue) {
    dispatch({ type: "shippingChosen", method: value });
    const change = ++latestChange.current;
    try {
      const { editOrder, editOrderBodySchema } = await import("./payment-actions");
      applyOrder(await editOrder(editOrderBodySchema.parse({ orderId: order.orderId, shippingMethod: value })), change);
      dispatch({ type: "shippingSettled" });
    } catch (error) {
      dispatch({ type: "shippingSettled", error: failureMessage(error) });
    }
  }

  /** "Confirm with your bank": the waiting payment's check runs here, then the shop reads how it ended. */
  async function onConfirmWithBank() {
    if (busy || !waitingCheck || !providerFields) return;
    const fields = providerFields;
    await settleBankCheck(() => confirmWithProvider(order.orderId, fields, waitingCheck, null));
  }

  /** Test mode: the customer's answer in the dialog standing in for the bank, which the shop then applies. */
  async function onTestBankAnswer(passed: boolean) {
    if (busy || !waitingCheck || !testBank) return;
    await settleBankCheck(async () => {
      const { answerBankCheck } = await import("./payment-actions");
      return answerBankCheck({ orderId: order.orderId, passed });
    });
  }

  async function settleBankCheck(check: () => Promise<PaymentResult>) {
    dispatch({ type: "bankCheckStarted" });
    try {
      const settled = await check();
      applyOrder(settled.order, ++latestChange.current);
      // Offered again only while the bank still waits; after a failed check, Pay is the way on.
      const stillWaiting = settled.status === "requires_action" && settled.action?.kind === "authenticate" ? settled.action : null;
      dispatch({ type: "bankCheckAnswered", waitingCheck: stillWaiting });
      if (settled.status !== "paid") dispatch({ type: "payAnswered", message: settled.message ?? NOT_PAID });
    } catch (error) {
      dispatch({ type: "payAnswered", message: failureMessage(error) });
    } finally {
      dispatch({ type: "payEnded" });
    }
  }

  /**
   * Where Pay ships to: the address as typed now, quoted first if the timer had not run yet, since
   * Pay charges the total the page showed. Null (the reason shown) when Pay must stop here.
   */
  async function shippingPaymentOf(): Promise<ShippingPayment | null> {
    window.clearTimeout(quoteTimer.current);
    quoteTimer.current = undefined;
    const shownTotal = currentOrder.current.total;
    const quoted = ships ? await quoteTypedAddress() : { order: currentOrder.current };
    settleQuoting();
    if (!quoted) {
      dispatch({ type: "payAnswered", message: ADDRESS_REFUSED });
      return null;
    }
    if ("invalid" in quoted) {
      dispatch({ type: "addressErrorsShown", errors: quoted.invalid });
      const first = ADDRESS_FIELD_NAMES.find((name) => quoted.invalid[name]);
      if (first) document.getElementById(`${ADDRESS_ID_PREFIX}-${first}`)?.focus();
      return null;
    }
    dispatch({ type: "addressErrorsShown", errors: {} });
    if (quoted.order.total !== shownTotal) {
      dispatch({
        type: "payAnswered",
        message: `With this address the total is ${formatAmount(quoted.order.total)}. Check it and press Pay again.`,
      });
      return null;
    }
    const address = ships ? quoted.order.shippingAddress : null;
    const saveBox = addressForm.current?.elements.namedItem("saveAddress");
    const keepAsDefault = offerDefault && saveBox instanceof HTMLInputElement && saveBox.checked;
    return address ? { shippingAddress: address, ...(keepAsDefault ? { saveAddressAsDefault: true } : {}) } : {};
  }

  async function onPay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const typedIntoProvider = method === NEW_CARD && providerFields ? providerCard.current : null;
    const entered = cardPaymentOf(new FormData(event.currentTarget), method, providerFields ? { card: typedIntoProvider } : null);
    if ("errors" in entered) {
      dispatch({ type: "cardInvalid", errors: entered.errors });
      typedIntoProvider?.element.focus();
      return;
    }

    dispatch({ type: "payStarted" });
    try {
      const shipping = await shippingPaymentOf();
      if (!shipping) return;
      const { newIdempotencyKey, payOrder } = await import("./payment-actions");
      attemptKey.current ??= newIdempotencyKey();
      const result = await payOrder({ orderId: order.orderId, idempotencyKey: attemptKey.current, ...entered.payment, ...shipping });
      attemptKey.current = null;
      const settled =
        result.action && providerFields
          ? await confirmWithProvider(order.orderId, providerFields, result.action, typedIntoProvider)
          : result;
      applyOrder(settled.order, ++latestChange.current);
      // Test mode's bank asks for its check: the page offers it, standing in for the bank.
      if (testBank && settled.status === "requires_action" && settled.action?.kind === "authenticate") {
        dispatch({ type: "bankCheckAnswered", waitingCheck: settled.action });
      }
      if (settled.status !== "paid") dispatch({ type: "payAnswered", message: settled.message ?? NOT_PAID });
    } catch (error) {
      if (!outcomeUnknown(error)) attemptKey.current = null;
      dispatch({ type: "payRefused", ...refusalOf(error) });
    } finally {
      dispatch({ type: "payEnded" });
    }
  }

  return {
    ...state,
    busy,
    ships,
    offerDefault,
    offersBankCheck: waitingCheck !== null && (providerFields !== null || testBank) && order.canPay,
    testBank,
    method,
    onMethod: setMethod,
    addressForm,
    providerCard,
    onAddressEdit: scheduleQuote,
    onShippingChange,
    onConfirmWithBank,
    onTestBankAnswer,
    onPay,
  };
}
