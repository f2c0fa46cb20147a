"use client";

import { Button } from "@/components/ui/button";
import { formatAmount } from "@/lib/rules/money";
import { NOTHING_TO_SHIP_NOTE } from "@/lib/display/order-display";
import type { ProviderFields } from "@/lib/rules/provider-fields";
import type { UsAddress } from "@/lib/schemas/auth";
import type { Order, SavedPaymentMethod } from "@/lib/schemas/order";
import { BankCheckPanel } from "./bank-check-panel";
import { CardEntry } from "./card-entry";
import { CheckoutSummary } from "./checkout-summary";
import { PaidPanel } from "./paid-panel";
import { PayAnswer } from "./pay-answer";
import type { ProviderAction } from "./provider-script";
import { ShippingAddressForm } from "./shipping-address-form";
import { ShippingOptions } from "./shipping-options";
import { usePaymentForm } from "./use-payment-form";

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
  /** Test mode's sandbox gateway: the page stands in for the bank, and the customer passes or fails its check. */
  testBank?: boolean;
}

/** The payment page: the address and shipping option (when something ships), the card and Pay, and the order's totals. */
export function PaymentForm({
  initialOrder,
  defaultAddress,
  savedCards,
  keepsCardForRenewals = false,
  providerFields = null,
  bankCheck = null,
  testBank = false,
}: PaymentFormProps) {
  const form = usePaymentForm({ initialOrder, defaultAddress, savedCards, providerFields, bankCheck, testBank });
  const { order } = form;

  if (order.paymentReceived) return <PaidPanel order={order} reveal={!initialOrder.paymentReceived} />;

  return (
    <div className="grid gap-8 desk:grid-cols-[3fr_2fr]">
      <div className="flex flex-col gap-8">
        {form.offersBankCheck ? (
          <BankCheckPanel
            total={order.total}
            busy={form.busy}
            paying={form.paying}
            onConfirm={() => void form.onConfirmWithBank()}
            onTestAnswer={form.testBank ? (passed) => void form.onTestBankAnswer(passed) : null}
          />
        ) : null}
        {form.ships ? (
          <>
            <ShippingAddressForm
              formRef={form.addressForm}
              address={order.shippingAddress ?? defaultAddress}
              errors={form.addressErrors}
              offerDefault={form.offerDefault}
              quoting={form.quoting}
              formError={form.addressFormError}
              onEdit={form.onAddressEdit}
            />
            <ShippingOptions
              options={order.shippingOptions}
              checked={form.pendingShipping ?? order.shippingMethod}
              memberPricing={order.memberPricing}
              changing={form.pendingShipping !== null}
              error={form.shippingError}
              onChoose={(value) => void form.onShippingChange(value)}
            />
          </>
        ) : (
          <section aria-labelledby="delivery-title" data-testid="nothing-to-ship" className="rounded-2xl border border-line p-5">
            <h2 id="delivery-title" className="text-xl font-semibold text-ink">
              Delivery
            </h2>
            <p className="mt-2 text-ink-soft">{NOTHING_TO_SHIP_NOTE}</p>
          </section>
        )}

        <form onSubmit={(event) => void form.onPay(event)} aria-labelledby="card-title" className="flex flex-col gap-4" noValidate>
          <h2 id="card-title" className="text-xl font-semibold text-ink">
            {form.offersBankCheck ? "Or pay another way" : "Payment"}
          </h2>
          <CardEntry
            savedCards={savedCards}
            method={form.method}
            onMethod={form.onMethod}
            errors={form.cardErrors}
            providerFields={providerFields}
            providerCard={form.providerCard}
            keepsCardForRenewals={keepsCardForRenewals}
          />
          <PayAnswer answers={form.payAnswers} message={form.payError} />
          <Button
            type="submit"
            disabled={form.busy || !order.canPay}
            className="h-12 text-base disabled:cursor-not-allowed disabled:bg-brand-300"
          >
            {form.paying ? "Paying…" : `Pay ${formatAmount(order.total)}`}
          </Button>
        </form>
      </div>

      <CheckoutSummary order={order} ships={form.ships} />
    </div>
  );
}
