import { Container, DataTable, PageHero, Prose, Section } from "@/components/ui/page";
import { retryDaysText } from "@/lib/config/memberships";
import { ShopLink } from "@/components/ui/shop-link";
import { TextLink } from "@/components/content/text-link";
import { RETURN_WINDOW_DAYS } from "@/lib/config/after-sale";
import { env } from "@/lib/config/env";
import { ROUTES } from "@/lib/config/routes";
import {
  COOKIES,
  LOGIN_RETURN_MAX_AGE_S,
  KEPT_NOTICES_MAX_AGE_S,
  REFERRAL_MAX_AGE_S,
  STORE_NAME,
  TOKEN_MAX_AGE_S,
} from "@/lib/config/store";
import { pageMetadata } from "@/lib/site/seo";
import { TAP_TARGET } from "@/components/ui/tap-target";

export const metadata = pageMetadata({
  title: "Privacy, Terms, Shipping, Returns and Warranty",
  description: `Lenwell's policies on one page: what data we keep and which cookies we set, terms of sale, UPS shipping options, ${RETURN_WINDOW_DAYS}-day returns and the purifier's warranty.`,
  path: ROUTES.policy,
});

const DAY_S = 86_400;

function days(seconds: number): string {
  const count = Math.round(seconds / DAY_S);
  return count === 1 ? "one day" : `${count} days`;
}

function hours(seconds: number): string {
  const count = Math.round(seconds / 3_600);
  return count === 1 ? "one hour" : `${count} hours`;
}

const CONTENTS = [
  { id: "privacy", label: "Privacy" },
  { id: "terms", label: "Terms of sale" },
  { id: "shipping", label: "Shipping" },
  { id: "returns", label: "Returns" },
  { id: "warranty", label: "Warranty" },
] as const;

// The default shipping preset, `standard` in lib/config/shipping.ts (docs/api.md, Shipping and tax).
const SHIPPING_OPTIONS = [
  { service: "UPS Ground", delivery: "3 business days", price: "$11.90" },
  { service: "UPS 2nd Day Air", delivery: "2 business days", price: "$22.90" },
  { service: "UPS Next Day Air", delivery: "1 business day", price: "$33.90" },
] as const;
const FREE_SHIPPING_OVER = "$37";

export default async function PolicyPage() {
  const email = env.SUPPORT_EMAIL;
  const mailLink = <a href={`mailto:${email}`}>{email}</a>;

  return (
    <>
      <PageHero
        eyebrow="Policies"
        title="Our policies"
        intro={
          <>
            <p>
              Privacy, terms of sale, shipping, returns and warranty, in plain English and on one page. If anything here is unclear, write
              to us at{" "}
              <a href={`mailto:${email}`} className="font-medium text-brand-700 underline underline-offset-4">
                {email}
              </a>
              .
            </p>
            <p className="mt-3 text-base text-ink-muted">Last updated: November 2026</p>
          </>
        }
      />

      <Container>
        <nav aria-labelledby="policy-contents-title" className="max-w-3xl rounded-2xl border border-line bg-canvas p-6">
          <h2 id="policy-contents-title" className="text-base font-semibold text-ink">
            On this page
          </h2>
          <ol className="mt-3 grid gap-x-2 text-[15px] sm:grid-cols-2">
            {CONTENTS.map((entry, index) => (
              <li key={entry.id}>
                <ShopLink
                  href={`${ROUTES.policy}#${entry.id}`}
                  className={`${TAP_TARGET} font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800`}
                >
                  {index + 1}. {entry.label}
                </ShopLink>
              </li>
            ))}
          </ol>
        </nav>
      </Container>

      <Section
        id="privacy"
        title="Privacy"
        intro={<p>We keep what we need to sell you a purifier, ship it and look after it, and nothing else.</p>}
      >
        <Prose>
          <h3>What we keep</h3>
          <ul>
            <li>Your account: e-mail address, name and phone number.</li>
            <li>The delivery and billing addresses you save or use at checkout.</li>
            <li>Your orders, memberships, care plans and after-sale or repair requests, with their history.</li>
          </ul>
          <p>
            We use this to process and deliver orders, ship filters on schedule, handle repairs and answer you when you write to us. We
            share it only with the companies that help us do that: the payment provider to take payment, UPS to deliver your parcels and our
            e-mail provider to send order and account messages. We don&apos;t sell it.
          </p>

          <h3>Payment cards</h3>
          <p>
            Card payments are handled by our payment provider. Your full card number never reaches our servers and is never stored by{" "}
            {STORE_NAME}. For a saved card we keep at most what you need to recognise it, such as the card brand and last four digits.
          </p>

          <h3>Cookies</h3>
          <p>We set only the cookies the shop needs to work:</p>
          <ul>
            <li>
              <strong>{COOKIES.token}</strong>: keeps you signed in. It lasts {days(TOKEN_MAX_AGE_S)} and is deleted when you log out.
            </li>
            <li>
              <strong>{COOKIES.referral}</strong>: set only when you arrive through a partner&apos;s link, so the partner is credited for
              your order. It lasts {days(REFERRAL_MAX_AGE_S)}.
            </li>
            <li>
              <strong>{COOKIES.loginReturnPath}</strong>: remembers the page you were on when we asked you to sign in, so we can take you
              back. It lasts {hours(LOGIN_RETURN_MAX_AGE_S)}.
            </li>
            <li>
              <strong>{COOKIES.platform}</strong>: set only inside the {STORE_NAME} mobile app, so the site hides parts the app shows
              itself.
            </li>
            <li>
              <strong>{COOKIES.keptNotices}</strong>: set for a moment when a message (such as &quot;You are logged in.&quot;) should appear
              on the next page, and removed once it has. It lasts {KEPT_NOTICES_MAX_AGE_S / 60} minutes at most.
            </li>
          </ul>
          <p>We use no advertising cookies or trackers, and no third-party analytics that follow you across sites.</p>

          <h3>Your choices</h3>
          <p>
            You can see and change your details in <TextLink href={ROUTES.account}>your account</TextLink>. To get a copy of your data or
            have your account and data deleted, e-mail {mailLink} from the address on your account. We keep order and payment records only
            as long as tax and accounting law requires.
          </p>
        </Prose>
      </Section>

      <Section id="terms" tone="tinted" title="Terms of sale">
        <Prose>
          <h3>Where we sell</h3>
          <p>
            The {STORE_NAME} store sells to customers in the United States and ships only to US addresses. All prices are in US dollars
            (USD).
          </p>

          <h3>Prices and taxes</h3>
          <p>
            The price you pay is the one shown in your cart. Sales tax depends on the delivery state and is calculated at checkout, on the
            payment page, before you pay. Shipping costs are shown before you pay too.
          </p>

          <h3>Orders</h3>
          <p>
            Placing an order is an offer to buy. We accept it when your payment succeeds; your order then appears in{" "}
            <TextLink href={ROUTES.orders}>your orders</TextLink>. If an item turns out to be unavailable or a price was shown in error, we
            tell you and refund anything you paid for it. Orders left unpaid are cancelled automatically after a short time. You can cancel
            an order yourself until it ships; a paid order is refunded.
          </p>

          <h3>Membership renewal and cancellation</h3>
          <p>
            <TextLink href={ROUTES.membership}>Lenwell Membership</TextLink> renews automatically, every month or every year depending on
            the plan, and is charged to the payment method you joined with until you cancel. You can cancel any time from your account, with
            no fee. A monthly membership stays active to the end of the month you have paid for. A yearly membership ends when you cancel,
            and we refund one twelfth of what you paid for the year (with its sales tax) for each full calendar month left until the end of
            the year paid for (counted from the day you cancel, in US Central time), to the card you paid with. If a renewal payment fails
            we try again {retryDaysText()} later and the membership continues meanwhile; if the last try fails, it ends.
          </p>

          <h3>Care plans and repairs</h3>
          <p>
            <TextLink href={ROUTES.care}>Lenwell Care</TextLink> covers one Lenwell purifier for two years from purchase of the plan. Repair
            diagnosis and repairs follow the terms on our <TextLink href={ROUTES.repair}>repair service</TextLink> page.
          </p>
        </Prose>
      </Section>

      <Section id="shipping" title="Shipping">
        <Prose>
          <p>
            We ship to addresses in the United States with UPS. Choose the service at checkout; the estimated delivery date is shown there,
            counted in business days from dispatch.
          </p>
        </Prose>
        <div className="mt-6 max-w-3xl">
          <DataTable
            caption="UPS shipping options"
            columns={["Service", "Estimated delivery", "Price"]}
            rows={SHIPPING_OPTIONS.map((option) => [option.service, option.delivery, option.price])}
          />
        </div>
        <div className="mt-6">
          <Prose>
            <h3>Free shipping</h3>
            <p>
              UPS Ground is free to the United States on orders over {FREE_SHIPPING_OVER}. Your cart shows how far you are from free
              shipping. Members of <TextLink href={ROUTES.membership}>Lenwell Membership</TextLink> get free UPS Ground on every order.
            </p>
            <h3>Tracking</h3>
            <p>When your order ships, its tracking number appears on the order in your account.</p>
          </Prose>
        </div>
      </Section>

      <Section id="returns" tone="tinted" title="Returns">
        <Prose>
          <p>You can return most items within {RETURN_WINDOW_DAYS} days of delivery for a refund.</p>
          <h3>What can be returned</h3>
          <ul>
            <li>The purifier, complete and in its original packaging.</li>
            <li>Filters and cartridges that are unopened, still sealed in their packaging.</li>
            <li>Accessories, unused and in their original packaging.</li>
          </ul>
          <p>
            Opened filters can&apos;t be returned, because they can&apos;t be resold. If a filter or anything else arrives damaged or
            faulty, tell us within the {RETURN_WINDOW_DAYS} days and we will put it right.
          </p>
          <h3>How to return</h3>
          <ol className="space-y-2">
            <li className="list-decimal!">
              Open the order in <TextLink href={ROUTES.orders}>your orders</TextLink> and start an after-sale service request, choosing
              return and the items you are sending back.
            </li>
            <li className="list-decimal!">When we approve the request, pack the items and send them to the address we give you.</li>
            <li className="list-decimal!">Enter the tracking number on the request so we can follow the parcel.</li>
          </ol>
          <h3>Refunds</h3>
          <p>
            Once the items arrive and we have checked them, we refund the original payment method. Your bank may take a few days to show the
            refund.
          </p>
        </Prose>
      </Section>

      <Section id="warranty" title="Warranty">
        <Prose>
          <h3>One-year limited warranty</h3>
          <p>
            Every {STORE_NAME} purifier comes with a one-year limited warranty from the date of delivery. If it fails because of a defect in
            materials or workmanship during that year, we repair it, or replace it if a repair isn&apos;t possible, at no cost for parts or
            labour. Start a claim from the order in your account as an after-sale service request.
          </p>
          <h3>What the warranty does not cover</h3>
          <ul>
            <li>Filters and cartridges, which wear out in normal use.</li>
            <li>Damage from accidents, drops, spills, or from being used against its instructions.</li>
            <li>Using it with the wrong power supply, or with anything other than cold drinking water from the tap in the tank.</li>
            <li>Damage caused by repairs, opening or modifications by anyone other than {STORE_NAME}.</li>
            <li>Cosmetic wear, such as scratches and dents that don&apos;t affect how it works.</li>
            <li>Purifiers not bought from {STORE_NAME} or an authorised reseller.</li>
          </ul>
          <h3>Longer protection</h3>
          <p>
            <TextLink href={ROUTES.care}>Lenwell Care</TextLink> extends protection to two years from purchase of the plan, with repairs,
            parts, labour and return shipping included. Outside both, our <TextLink href={ROUTES.repair}>mail-in repair service</TextLink>{" "}
            repairs purifiers at a fixed quote, with a 90-day warranty on the work.
          </p>
          <p>This warranty does not affect your rights under the consumer laws of your state.</p>
        </Prose>
      </Section>
    </>
  );
}
