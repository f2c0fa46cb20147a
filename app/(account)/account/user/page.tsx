import type { Metadata } from "next";
import { ACCOUNT_MEMBERSHIP_ID, ROUTES } from "@/lib/config/routes";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { Container } from "@/components/ui/page";
import { ChangePasswordForm, ProfileForm } from "@/components/account/profile-forms";
import { MembershipCard } from "@/components/account/membership-card";
import { ReminderSettings } from "@/components/account/reminder-settings";
import { ButtonLink } from "@/components/ui/button-link";
import { PurifiersSummary } from "@/components/purifiers/purifiers-summary";
import { listPurifiers } from "@/lib/server/purifiers";
import { listSavedPaymentMethods, providerCardFields } from "@/lib/server/payments";
import { reminderSettings } from "@/lib/server/reminders";

export const metadata: Metadata = {
  title: "My account",
  robots: { index: false },
};

// Protected: the page checks the session itself; the middleware's redirect is only a shortcut.
export default async function AccountPage() {
  const user = await requireCustomerPage();
  const purifiers = await listPurifiers(user.id);
  return (
    <Container className="py-10 desk:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-ink">My account</h1>
      <p className="mt-2 text-ink-soft">
        Signed in as <span className="font-medium text-ink">{user.email}</span>
      </p>
      <div className="mt-8 grid gap-8 desk:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-8">
          <section aria-labelledby="orders-title" className="flex flex-col items-start gap-4 rounded-2xl border border-line p-6">
            <h2 id="orders-title" className="text-xl font-semibold text-ink">
              My orders
            </h2>
            <p className="text-ink-soft">Follow your orders, pay an open one, change the delivery or cancel before it ships.</p>
            <ButtonLink href={ROUTES.orders}>View my orders</ButtonLink>
          </section>
          <section aria-labelledby="after-sale-title" className="flex flex-col items-start gap-4 rounded-2xl border border-line p-6">
            <h2 id="after-sale-title" className="text-xl font-semibold text-ink">
              Returns and repairs
            </h2>
            <p className="text-ink-soft">Follow your return, refund, exchange and repair requests, send goods back, or cancel a request.</p>
            <ButtonLink href={ROUTES.afterSale}>View my after-sale requests</ButtonLink>
          </section>
          <section aria-labelledby="cards-title" className="flex flex-col items-start gap-4 rounded-2xl border border-line p-6">
            <h2 id="cards-title" className="text-xl font-semibold text-ink">
              Saved cards
            </h2>
            <p className="text-ink-soft">Add a card for checkout and renewals, choose your default card, or remove one.</p>
            <ButtonLink href={ROUTES.savedCards}>Manage my cards</ButtonLink>
          </section>
          <PurifiersSummary purifiers={purifiers.list} />
        </div>
        <section id={ACCOUNT_MEMBERSHIP_ID} aria-labelledby="membership-title" className="scroll-mt-24 rounded-2xl border border-line p-6">
          <h2 id="membership-title" className="mb-4 text-xl font-semibold text-ink">
            Membership and care plan
          </h2>
          <MembershipCard
            membership={user.membership}
            carePlan={user.carePlan}
            savedCards={user.membership?.autoRenew ? await listSavedPaymentMethods(user.id) : []}
            cardsPageOnly={providerCardFields() !== null}
          />
        </section>
        <section aria-labelledby="reminders-title" className="self-start rounded-2xl border border-line p-6">
          <h2 id="reminders-title" className="mb-4 text-xl font-semibold text-ink">
            Reminder e-mails
          </h2>
          <ReminderSettings initial={await reminderSettings(user.id)} />
        </section>
        <section aria-labelledby="details-title" className="rounded-2xl border border-line p-6">
          <h2 id="details-title" className="mb-5 text-xl font-semibold text-ink">
            Your details
          </h2>
          <ProfileForm user={user} />
        </section>
        <section aria-labelledby="password-title" className="self-start rounded-2xl border border-line p-6">
          <h2 id="password-title" className="mb-5 text-xl font-semibold text-ink">
            Change password
          </h2>
          <ChangePasswordForm />
        </section>
      </div>
    </Container>
  );
}
