import type { Metadata } from "next";
import { UnsubscribeConfirm } from "@/components/account/unsubscribe-confirm";
import { ButtonLink } from "@/components/ui/button-link";
import { Container } from "@/components/ui/page";
import { UNSUBSCRIBE_TOKEN_PARAM } from "@/lib/config/filter-shipments";
import { ROUTES } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import { describeUnsubscribe } from "@/lib/server/reminders";

export const metadata: Metadata = {
  title: "Unsubscribe from reminders",
  robots: { index: false, follow: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Opened from the link at the end of a reminder e-mail, signed in or not. Opening it changes
// nothing (mail scanners open links too): it names the address and asks; the button unsubscribes.
export default async function UnsubscribePage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams)[UNSUBSCRIBE_TOKEN_PARAM];
  const token = typeof raw === "string" ? raw : "";
  const page = token ? await describeUnsubscribe(token) : null;
  return (
    <Container className="py-10 desk:py-16">
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-ink">Reminder e-mails</h1>
        {page ? (
          <UnsubscribeConfirm token={token} email={page.email} subscribed={page.subscribed} />
        ) : (
          <>
            <p className="text-ink-soft">
              This unsubscribe link is not valid. It may be incomplete: copy the whole link from the e-mail, or sign in and turn reminders
              off on your account page.
            </p>
            <div>
              <ButtonLink href={ROUTES.account}>Go to my account</ButtonLink>
            </div>
          </>
        )}
        <p className="text-sm text-ink-soft">
          Reminders are the {STORE_NAME} e-mails that tell you a filter is due or a care plan is ending. Order and account e-mails are
          always sent.
        </p>
      </div>
    </Container>
  );
}
