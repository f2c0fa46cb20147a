import type { Metadata } from "next";
import { Container } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { TAP_TARGET } from "@/components/ui/tap-target";
import { SavedCards } from "@/components/account/saved-cards";
import { TestModeNotice } from "@/components/checkout/test-mode-notice";
import { ROUTES } from "@/lib/config/routes";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { listSavedPaymentMethods, providerCardFields, testCardsShown } from "@/lib/server/payments";

export const metadata: Metadata = {
  title: "Saved cards",
  robots: { index: false },
};

// Protected and per customer: the cards as the server lists them now; changes go through the API,
// whose answers carry the list. The card fields are the provider's own when it has them (the
// middleware's policy lets this page load its script), the shop's otherwise.
export default async function SavedCardsPage() {
  const user = await requireCustomerPage();
  const cards = await listSavedPaymentMethods(user.id);
  const testCards = testCardsShown();
  return (
    <Container className="py-10 desk:py-16">
      <ShopLink href={ROUTES.account} className={`${TAP_TARGET} text-sm font-medium text-brand-700 underline`}>
        Back to my account
      </ShopLink>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">Saved cards</h1>
      <p className="mb-8 mt-2 text-ink-soft">
        Cards you keep for checkout and membership renewals. The default card is offered first when you pay.
      </p>
      <SavedCards initial={cards} providerFields={providerCardFields()} />
      {testCards ? (
        <div className="mt-8">
          <TestModeNotice cards={testCards} />
        </div>
      ) : null}
    </Container>
  );
}
