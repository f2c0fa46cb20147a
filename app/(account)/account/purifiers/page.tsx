import type { Metadata } from "next";
import { Container } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { TAP_TARGET } from "@/components/ui/tap-target";
import { UpcomingFilterShipments } from "@/components/account/upcoming-filter-shipments";
import { MyPurifiers } from "@/components/purifiers/my-purifiers";
import { ROUTES } from "@/lib/config/routes";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { listPurifiers } from "@/lib/server/purifiers";

export const metadata: Metadata = {
  title: "My purifiers",
  robots: { index: false },
};

// Protected and per customer: the purifiers and their filter stages as the server computes them
// today (the shop's day); changes go through the API and come back recomputed.
export default async function MyPurifiersPage() {
  const user = await requireCustomerPage();
  const { list, today } = await listPurifiers(user.id);
  return (
    <Container className="py-10 desk:py-16">
      <ShopLink href={ROUTES.account} className={`${TAP_TARGET} text-sm font-medium text-brand-700 underline`}>
        Back to my account
      </ShopLink>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">My purifiers</h1>
      <p className="mb-6 mt-2 text-ink-soft">
        {list.length === 0
          ? "Follow your purifier's filters here: when each was changed and when the next is due."
          : `${list.length} ${list.length === 1 ? "purifier" : "purifiers"}. Each filter's life counts from its last change, or from the installation day.`}
      </p>
      <MyPurifiers initial={list} today={today} />
      {list.length > 0 ? (
        <section aria-labelledby="filter-shipments-title" className="mt-10 rounded-2xl border border-line p-6">
          <h2 id="filter-shipments-title" className="mb-4 text-xl font-semibold text-ink">
            Upcoming filter shipments
          </h2>
          <UpcomingFilterShipments />
        </section>
      ) : null}
    </Container>
  );
}
