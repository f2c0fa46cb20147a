import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PaymentForm } from "@/components/checkout/payment-form";
import { TestModeNotice } from "@/components/checkout/test-mode-notice";
import { ButtonLink } from "@/components/ui/button-link";
import { Container } from "@/components/ui/page";
import { ROUTES, orderPath } from "@/lib/config/routes";
import { orderNumber } from "@/lib/display/order-display";
import type { Order } from "@/lib/schemas/order";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { findById } from "@/lib/server/base/find-by-id";
import { getOrderForCustomer, isClosed } from "@/lib/server/orders";
import { bankCheckOf, bankCheckInPage, listSavedPaymentMethods, providerCardFields, testCardsShown } from "@/lib/server/payments";
import { orderHasMembership } from "@/lib/server/memberships";

export const metadata: Metadata = {
  title: "Payment",
  robots: { index: false },
};

function Closed({ order }: { order: Order }) {
  const expired = order.timeline.some((event) => event.type === "expired");
  const refunded = order.status === "refunded";
  return (
    <section role="status" className="rounded-2xl border border-line p-6">
      <h2 className="text-xl font-semibold text-ink">
        {expired ? "This order has expired" : refunded ? "This order was refunded" : "This order was cancelled"}
      </h2>
      <p className="mt-2 text-ink-soft">
        {expired
          ? "It was not paid in time, so its items went back on sale and it can no longer be paid. Please order again."
          : refunded
            ? "Its payment went back to your card, so there is nothing to pay."
            : "A cancelled order can no longer be paid."}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink href={ROUTES.store}>Back to the store</ButtonLink>
        <ButtonLink href={orderPath(order.orderId)} variant="secondary">
          See the order
        </ButtonLink>
      </div>
    </section>
  );
}

// Protected and per customer: the page checks the session itself and renders on every request
// (so it also gets the middleware's nonce policy).
export default async function PaymentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireCustomerPage();
  const { orderId } = await searchParams;
  const order = await findById(typeof orderId === "string" ? orderId : undefined, (id) => getOrderForCustomer(user.id, id));
  if (!order) notFound();
  const closed = isClosed(order.status);
  const savedCards = closed ? [] : await listSavedPaymentMethods(user.id);
  const testCards = testCardsShown();
  // A payment waiting on the bank's check (a renewal the bank refused off-session, a card that asks
  // for 3-D Secure): the page offers it.
  const bankCheck = order.canPay ? await bankCheckOf(order.orderId) : null;

  return (
    <Container className="py-10 desk:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Payment</h1>
      <p className="mt-2 text-ink-soft">Order {orderNumber(order.orderId)}</p>
      <div className="mt-8 flex flex-col gap-8">
        {closed ? (
          <Closed order={order} />
        ) : (
          <>
            {testCards && order.canPay ? <TestModeNotice cards={testCards} /> : null}
            <PaymentForm
              initialOrder={order}
              defaultAddress={user.defaultAddress}
              savedCards={savedCards}
              keepsCardForRenewals={await orderHasMembership(order.orderId)}
              providerFields={providerCardFields()}
              bankCheck={bankCheck}
              testBank={bankCheckInPage()}
            />
          </>
        )}
      </div>
    </Container>
  );
}
