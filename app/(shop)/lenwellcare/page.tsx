import { inlinePicture } from "@/lib/site/inline-picture";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ButtonLink } from "@/components/ui/button-link";
import { ShopLink } from "@/components/ui/shop-link";
import { FeatureGrid, PageHero, Section, Steps } from "@/components/ui/page";
import { Price } from "@/components/catalog/price";
import { CheckList } from "@/components/content/check-list";
import { CtaBand } from "@/components/content/cta-band";
import { TextLink } from "@/components/content/text-link";
import { priceText, specValue } from "@/components/content/catalogue";
import { CARE_SKU } from "@/lib/config/catalog";
import { ROUTES, productPath } from "@/lib/config/routes";
import { readShelfItem } from "@/lib/server/catalog";
import { pageMetadata } from "@/lib/site/seo";

export const metadata = pageMetadata({
  title: "Lenwell Care: 2-Year Protection for Your Purifier",
  description:
    "Lenwell Care covers repairs, parts, labour and return shipping for your Lenwell purifier for two years. See what is covered, what is not and how a claim works.",
  path: ROUTES.care,
});

export default async function LenwellCarePage() {
  // Prices come from the database through the shared catalogue cache: rendered per request.
  await connection();
  const care = await readShelfItem(CARE_SKU);
  if (!care) notFound();

  const careHref = productPath(care.skuNum);
  const term = specValue(care, "term", "2 years from purchase of the plan");

  return (
    <>
      <PageHero
        eyebrow="Lenwell Care"
        title="Two years of repairs, covered"
        intro={
          <>
            <p>
              If your Lenwell purifier stops working properly, we repair it in Houston with genuine parts and pay for the labour and the
              shipping both ways. One plan, one purifier, two years.
            </p>
            <p className="mt-3">
              For owners of a Lenwell purifier. One bought from us is under{" "}
              <ShopLink href={ROUTES.purifiers} className="font-medium text-brand-700 underline">
                My purifiers
              </ShopLink>{" "}
              once it is delivered; one bought elsewhere, add there with its proof of purchase, and get the plan once we have verified it.
            </p>
            <div className="mt-5">
              <Price originalPrice={care.originalPrice} discountPrice={care.discountPrice} size="lg" />
            </div>
          </>
        }
        image={{ src: inlinePicture("/images/care-hero.svg"), alt: "", width: 640, height: 480 }}
        actions={
          <>
            <ButtonLink href={careHref}>Get Lenwell Care</ButtonLink>
            <ButtonLink href={`${ROUTES.care}#claims`} variant="secondary">
              How a claim works
            </ButtonLink>
          </>
        }
      />

      <Section
        id="coverage"
        eyebrow="Coverage"
        title="What Lenwell Care covers, and what it doesn't"
        intro={<p>The plan is for things that go wrong with the purifier itself. Here is where the line is.</p>}
      >
        <div className="grid gap-6 desk:grid-cols-2">
          <div className="rounded-2xl border border-line bg-white p-6 shadow-card desk:p-8">
            <h3 className="text-lg font-semibold text-ink">Covered for two years</h3>
            <div className="mt-4">
              <CheckList
                items={[
                  "Repairs when the purifier stops working as it should: pump, power supply, display, valves, sensors or leaks.",
                  "Replacement parts, genuine Lenwell parts only.",
                  "The labour of our technicians in Houston.",
                  "Shipping both ways: we send you a prepaid label and ship the repaired purifier back.",
                  `Term: ${term}.`,
                ]}
              />
            </div>
          </div>
          <div className="rounded-2xl border border-line bg-canvas p-6 desk:p-8">
            <h3 className="text-lg font-semibold text-ink">Not covered</h3>
            <div className="mt-4">
              <CheckList
                tone="no"
                items={[
                  "Filters and cartridges. They wear out by design; membership keeps them coming.",
                  "Accidental damage, such as drops, cracks or spilled liquids.",
                  "Cosmetic damage, such as scratches and dents that don't affect how it works.",
                  "Misuse, such as the wrong power supply, hot water in the tank or repairs by someone else.",
                  "Purifiers not bought from Lenwell or one of our authorised resellers.",
                ]}
              />
            </div>
          </div>
        </div>
      </Section>

      <Section
        id="claims"
        tone="tinted"
        eyebrow="Claims"
        title="How a claim works"
        intro={<p>A claim starts as an after-sale service request from your account. You don&apos;t pay anything at any step.</p>}
      >
        <Steps
          items={[
            {
              title: "Send a request",
              body: (
                <>
                  Open <TextLink href={ROUTES.orders}>your orders</TextLink>, choose the order with your purifier or your Lenwell Care plan
                  and start an after-sale service request. Tell us what is happening.
                </>
              ),
            },
            {
              title: "Ship it with our label",
              body: "Once we approve the request, we e-mail you a prepaid shipping label. Pack the purifier with its tank empty and drop it off.",
            },
            {
              title: "Repaired and sent back",
              body: "Our technicians repair it at the service centre in Houston and ship it back to you. You can follow each step on the request.",
            },
          ]}
        />
      </Section>

      <Section id="price" eyebrow="Price and eligibility" title="Who can buy Lenwell Care">
        <FeatureGrid
          items={[
            {
              title: "Owners of a Lenwell purifier",
              body: "Lenwell Care is for a Lenwell purifier you own, bought from Lenwell or an authorised reseller. Bought elsewhere: add it under My purifiers with its receipt or invoice, and we verify it before the plan can be bought.",
            },
            {
              title: "One plan per purifier",
              body: "Each plan covers one device. If you have two purifiers, each needs its own plan.",
            },
            {
              title: `${priceText(care)}, paid once`,
              body: "No monthly fee, and nothing to pay when we repair a covered fault.",
            },
          ]}
        />
        <div className="mt-8">
          <ButtonLink href={careHref}>Get Lenwell Care</ButtonLink>
        </div>
      </Section>

      <Section
        id="warranty"
        tone="tinted"
        eyebrow="Warranty"
        title="Lenwell Care and the standard warranty"
        intro={
          <>
            <p>
              Every RO600 comes with a one-year limited warranty from delivery, which covers defects in materials and workmanship. Lenwell
              Care extends that protection to two years from the day you buy the plan, with repairs, parts, labour and shipping both ways
              included.
            </p>
            <p className="mt-3">
              Out of cover, or not sure? Our <TextLink href={ROUTES.repair}>mail-in repair service</TextLink> fixes purifiers for a fixed
              quote. The full terms are in our <TextLink href={`${ROUTES.policy}#warranty`}>warranty policy</TextLink>.
            </p>
          </>
        }
      />

      <CtaBand
        id="get-care"
        title="Add two years of peace of mind"
        actions={
          <ButtonLink href={careHref} variant="light">
            Get Lenwell Care
          </ButtonLink>
        }
      >
        <p>{priceText(care)} covers repairs, parts, labour and return shipping for one Lenwell purifier for two years.</p>
      </CtaBand>
    </>
  );
}
