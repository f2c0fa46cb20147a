import { inlinePicture } from "@/lib/site/inline-picture";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ButtonLink } from "@/components/ui/button-link";
import { FeatureGrid, PageHero, Section } from "@/components/ui/page";
import { Price } from "@/components/catalog/price";
import { CheckList } from "@/components/content/check-list";
import { FaqList, type FaqItem } from "@/components/content/faq";
import { TextLink } from "@/components/content/text-link";
import { priceText } from "@/components/content/catalogue";
import { MEMBERSHIP_SKUS } from "@/lib/config/catalog";
import { ROUTES, productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { readShelfItem } from "@/lib/server/catalog";
import { amountToCents, formatUsd } from "@/lib/rules/money";
import type { ShelfItem } from "@/lib/schemas/merchandise";
import { pageMetadata } from "@/lib/site/seo";
import { retryDaysText } from "@/lib/config/memberships";

export const metadata = pageMetadata({
  title: "Join Lenwell Membership",
  description:
    "Lenwell Membership ships RO600 filters before they are due, with free UPS Ground shipping and member prices. Compare monthly and yearly plans and how to cancel.",
  path: ROUTES.membership,
});

function PlanCard({
  plan,
  period,
  cta,
  note,
  highlight = false,
}: {
  plan: ShelfItem;
  period: "month" | "year";
  cta: string;
  note?: string;
  highlight?: boolean;
}) {
  const headingId = `plan-${plan.skuNum.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex h-full flex-col rounded-2xl border bg-white p-6 shadow-card desk:p-8 ${
        highlight ? "border-2 border-brand-600" : "border-line"
      }`}
    >
      {highlight ? (
        <p className="absolute -top-3.5 left-6 rounded-full bg-leaf-600 px-3 py-1 text-xs font-semibold text-white">Best value</p>
      ) : null}
      <h3 id={headingId} className="text-xl font-semibold text-ink">
        {period === "month" ? "Monthly" : "Yearly"}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">{plan.attributes}</p>
      <div className="mt-5 flex flex-wrap items-baseline gap-x-2">
        <Price originalPrice={plan.originalPrice} discountPrice={plan.discountPrice} size="lg" />
        <p className="text-base text-ink-soft">per {period}</p>
      </div>
      {note ? <p className="mt-2 text-sm font-medium text-leaf-700">{note}</p> : null}
      <p className="mt-5 text-[15px] leading-relaxed text-ink-soft">{plan.subtitle}</p>
      <h4 className="mt-6 text-sm font-semibold uppercase tracking-wider text-ink">What&apos;s included</h4>
      <div className="mt-3 flex-1">
        <CheckList items={plan.spec.map((row) => `${row.spec_name}: ${row.spec_value}`)} />
      </div>
      <div className="mt-8">
        <ButtonLink href={productPath(plan.skuNum)} variant={highlight ? "primary" : "secondary"}>
          {cta}
        </ButtonLink>
      </div>
    </article>
  );
}

export default async function MembershipPage() {
  // Prices come from the database through the shared catalogue cache: rendered per request.
  await connection();
  const [monthly, yearly, purifier] = await Promise.all([
    readShelfItem(MEMBERSHIP_SKUS.monthly),
    readShelfItem(MEMBERSHIP_SKUS.yearly),
    readShelfItem(PURIFIER_SKU),
  ]);
  if (!monthly || !yearly) notFound();

  const monthlyCents = amountToCents(monthly.discountPrice);
  const yearlyCents = amountToCents(yearly.discountPrice);
  const yearlySaving = monthlyCents * 12 - yearlyCents;
  const yearlyNote =
    yearlySaving > 0
      ? `Works out to ${formatUsd(Math.round(yearlyCents / 12))} a month, ${formatUsd(yearlySaving)} less than twelve monthly payments.`
      : undefined;

  const faq: FaqItem[] = [
    {
      id: "own-an-ro600",
      question: "Do I need to own an RO600 to join?",
      answer:
        "The membership is built around the RO600's filter schedule, so it is meant for people who own one. If you are buying one now, you can add the membership to the same order. The membership starts when that order is paid, so member prices and free shipping apply from your next order.",
    },
    {
      id: "when-filters-arrive",
      question: "When do the filters arrive?",
      answer:
        "Each cartridge ships before it is due: the pre-filter about every six months, the post-carbon cartridge about every twelve months and the RO membrane about every twenty-four months. That way the new one is already in your kitchen when the display asks for it.",
    },
    {
      id: "switch-plans",
      question: "Can I switch between monthly and yearly?",
      answer:
        "Yes. Cancel the plan you have from your account and join the other one. A monthly plan runs to the end of the month you paid for; a yearly plan ends the day you cancel and refunds the full months left of the year you paid for.",
    },
    {
      id: "cancel-fee",
      question: "Is there a fee to cancel?",
      answer:
        "No. You can cancel any time from your account, and nothing is charged after you cancel. A monthly membership keeps its benefits until the end of the month you paid for. A yearly membership ends the day you cancel, and the full months left of the year you paid for are refunded.",
    },
    {
      id: "free-shipping",
      question: "Does free shipping cover everything I order?",
      answer:
        "Members get free UPS Ground shipping on every order from the Lenwell store, including the purifier, accessories and extra filters. Faster UPS services are still available at their usual price.",
    },
  ];

  return (
    <>
      <PageHero
        eyebrow="Lenwell Membership"
        title="Join Lenwell Membership"
        intro={
          <p>
            Filters on schedule, free shipping and member prices, from {priceText(monthly)} a month. Join once and your RO600&apos;s
            replacement cartridges arrive before the display asks for them.
          </p>
        }
        image={{ src: inlinePicture("/images/membership-hero.svg"), alt: "", width: 640, height: 480 }}
        actions={
          <>
            <ButtonLink href={`${ROUTES.membership}#plans`}>Compare plans</ButtonLink>
            <ButtonLink href={`${ROUTES.membership}#billing`} variant="secondary">
              Billing and cancelling
            </ButtonLink>
          </>
        }
      />

      <Section
        id="plans"
        eyebrow="Plans"
        title="Monthly or yearly: the same membership"
        intro={
          <p>
            Both plans include exactly the same benefits.
            {yearlySaving > 0 ? " Paying once a year costs less over twelve months." : ""} Pick the billing that suits you.
          </p>
        }
      >
        <div className="grid max-w-5xl gap-8 desk:grid-cols-2">
          <PlanCard plan={monthly} period="month" cta="Join monthly" />
          <PlanCard plan={yearly} period="year" cta="Join yearly" note={yearlyNote} highlight />
        </div>
      </Section>

      <Section id="benefits" tone="tinted" eyebrow="What members get" title="Less to remember, less to pay">
        <FeatureGrid
          items={[
            {
              title: "Filters before they are due",
              body: "We ship each replacement cartridge ahead of its change date: the pre-filter, the post-carbon cartridge and, every two years, the RO membrane.",
            },
            {
              title: "Free UPS Ground shipping",
              body: "Every order you place while you are a member ships free by UPS Ground, whatever its size.",
            },
            {
              title: "Member prices",
              body: "Member prices apply across the Lenwell store, on accessories and extra filters as well as on the cartridges in your schedule.",
            },
          ]}
        />
      </Section>

      <Section
        id="billing"
        eyebrow="Billing and cancelling"
        title="How billing and cancelling work"
        intro={
          <p>
            Your membership renews automatically at the end of each period, charged to the card you joined with (or another you choose),
            until you cancel. A yearly membership is announced by e-mail a week before it renews, and each renewal sends a receipt. You
            manage it, and cancel it, from <TextLink href={ROUTES.account}>your account</TextLink>; there is no fee and no phone call
            needed.
          </p>
        }
      >
        <FeatureGrid
          columns={2}
          items={[
            {
              title: "Monthly plan",
              body: `${priceText(monthly)} is charged each month to the card you joined with. If you cancel, the membership stays active until the end of the month you have paid for, then stops. Nothing more is charged.`,
            },
            {
              title: "Yearly plan",
              body: `${priceText(yearly)} is charged once a year. If you cancel, the membership ends that day and we refund, to the card you paid with, one twelfth of what you paid for the year for each full calendar month left until its end.`,
            },
            {
              title: "If a renewal payment fails",
              body: `We e-mail you and try the card again ${retryDaysText()} after the renewal date; your benefits continue meanwhile, and you can choose another card in your account at any time. If the last try fails, the membership ends and nothing more is charged.`,
            },
          ]}
        />
      </Section>

      <Section
        id="who"
        tone="tinted"
        eyebrow="Who it's for"
        title="Made for RO600 owners"
        intro={
          <>
            <p>
              Membership follows the filter schedule of the Lenwell RO600 countertop purifier. If you own one, it takes the filter dates off
              your mind and makes every order ship free.
            </p>
            {purifier ? (
              <p className="mt-3">
                Don&apos;t have one yet? The RO600 is {priceText(purifier)}.{" "}
                <TextLink href={ROUTES.purifier}>See how the RO600 works</TextLink>.
              </p>
            ) : null}
          </>
        }
      />

      <Section id="membership-faq" eyebrow="Questions" title="Membership questions">
        <FaqList items={faq} />
        <p className="mt-8 max-w-3xl text-[15px] text-ink-soft">
          More answers are on the <TextLink href={ROUTES.faq}>FAQ page</TextLink>, and our{" "}
          <TextLink href={`${ROUTES.policy}#terms`}>terms of sale</TextLink> cover renewals in full.
        </p>
      </Section>
    </>
  );
}
