import { inlinePicture } from "@/lib/site/inline-picture";
import { Image } from "@/components/ui/image";
import { connection } from "next/server";
import { env } from "@/lib/config/env";
import { PURIFIER_SKU } from "@/lib/config/store";
import { ROUTES, productPath } from "@/lib/config/routes";
import { readCategory, readShelfItem } from "@/lib/server/catalog";
import { pageMetadata } from "@/lib/site/seo";
import { organizationJsonLd, webSiteJsonLd } from "@/lib/site/structured-data";
import { JsonLd } from "@/components/ui/json-ld";
import { Container, FeatureGrid, PageHero, Section, Steps } from "@/components/ui/page";
import { ButtonLink } from "@/components/ui/button-link";
import { Carousel } from "@/components/ui/carousel";
import { ContactBlock } from "@/components/contact/contact-block";
import { homeGallery } from "@/components/content/home-gallery";
import { ProductCard } from "@/components/catalog/product-card";
import { isPresent, priceText } from "@/components/content/catalogue";
import { CARE_SKU, MEMBERSHIP_SKUS, REPAIR_DIAGNOSIS_SKU } from "@/lib/config/catalog";

export const metadata = pageMetadata({
  // The root page is not under the layout's title template, so it names the shop itself.
  title: "Lenwell: clean water from your tap, no bottles",
  description:
    "The Lenwell RO600 countertop reverse-osmosis purifier: no plumbing, filters shipped on schedule with membership, two-year care plan and mail-in repair.",
  path: ROUTES.home,
});

export default async function HomePage() {
  // Prices come from the database (through the shared catalogue cache), so the page renders per
  // request: the build has no database, and a prerendered price would outlive an operator's change.
  await connection();
  const [purifier, filters, memberships, care, repair] = await Promise.all([
    readShelfItem(PURIFIER_SKU),
    readCategory("filter"),
    readCategory("membership"),
    readShelfItem(CARE_SKU),
    readShelfItem(REPAIR_DIAGNOSIS_SKU),
  ]);
  const monthly = memberships.find((item) => item.skuNum === MEMBERSHIP_SKUS.monthly);

  const gallery = homeGallery(purifier, filters);

  return (
    <>
      <JsonLd
        data={organizationJsonLd({
          siteUrl: env.SITE_URL,
          email: env.SUPPORT_EMAIL,
          phone: env.SUPPORT_PHONE,
          logoPath: "/images/logo-mark.svg",
        })}
      />
      <JsonLd data={webSiteJsonLd(env.SITE_URL)} />
      <PageHero
        eyebrow="Lenwell RO600"
        title="Clean water from your tap. No more bottles."
        intro={
          <p>
            A countertop reverse-osmosis purifier that turns tap water into clean, great-tasting drinking water. Fill the tank, press the
            button, pour. No plumbing, no tools, no cases of bottled water.
          </p>
        }
        image={{ src: inlinePicture("/images/hero-purifier.svg"), alt: "", width: 960, height: 720 }}
        actions={
          <>
            <ButtonLink href={productPath(PURIFIER_SKU)}>
              {purifier ? `Buy Water Purifier Now · ${priceText(purifier)}` : "Buy Water Purifier Now"}
            </ButtonLink>
            <ButtonLink href={ROUTES.purifier} variant="secondary">
              How it works
            </ButtonLink>
          </>
        }
      />

      <Section
        id="purifier"
        eyebrow="The purifier"
        title="Three stages, on your counter"
        intro={
          <p>
            The RO600 pushes tap water through a composite pre-filter, a reverse-osmosis membrane and a post-carbon cartridge. A display
            shows the water-quality reading and tells you when a filter is due.
          </p>
        }
      >
        <FeatureGrid
          items={[
            {
              title: "No plumbing",
              body: "It sits next to the sink and plugs into a wall outlet. Renters can take it when they move.",
            },
            {
              title: "Three filter stages",
              body: "Sediment and chlorine first, then dissolved solids through the membrane, then a final taste polish.",
            },
            {
              title: "Tells you when",
              body: "The display counts down each filter's life, so you change it when it is due, not by guesswork.",
            },
          ]}
        />
        <div className="mt-8">
          <ButtonLink href={ROUTES.purifier} variant="secondary">
            See the purifier in detail
          </ButtonLink>
        </div>
      </Section>

      <Section id="gallery" tone="tinted" eyebrow="Take a look" title="The purifier and its filters">
        <Carousel images={gallery} label="Lenwell purifier and filter images" />
      </Section>

      <Section
        id="filters"
        eyebrow="Filters and membership"
        title="Filters that arrive before they are due"
        intro={
          <p>
            Each stage has its own life: the pre-filter six months, the post-carbon twelve, the membrane twenty-four. Buy them when you need
            them, or become a member{monthly ? ` from ${priceText(monthly)} a month` : ""} and we ship each one on schedule with free
            shipping.
          </p>
        }
      >
        <Steps
          items={[
            { title: "Join", body: "Pick the monthly or yearly membership for your RO600." },
            { title: "We ship", body: "Each replacement filter leaves our warehouse before its stage is due." },
            { title: "Twist and go", body: "Open the side panel, swap the cartridge, reset the counter. About a minute." },
          ]}
        />
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink href={ROUTES.membership}>Join Membership</ButtonLink>
          <ButtonLink href={`${ROUTES.store}?category=filter`} variant="secondary">
            Shop filters
          </ButtonLink>
        </div>
      </Section>

      <Section id="services" tone="tinted" eyebrow="After you buy" title="Care plan and repair service">
        <div className="grid gap-6 desk:grid-cols-2">
          {care ? (
            <article className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-card desk:flex-row">
              <Image src="/images/care-hero.svg" alt="" width={640} height={480} className="h-auto w-full desk:w-48" />
              <div>
                <h3 className="text-lg font-semibold text-ink">Lenwell Care</h3>
                <p className="mt-2 text-[15px] text-ink-soft">
                  Two years of repairs, parts, labour and shipping both ways for {priceText(care)}.
                </p>
                <div className="mt-4">
                  <ButtonLink href={ROUTES.care} variant="secondary">
                    About the care plan
                  </ButtonLink>
                </div>
              </div>
            </article>
          ) : null}
          {repair ? (
            <article className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-card desk:flex-row">
              <Image src="/images/repair-hero.svg" alt="" width={640} height={480} className="h-auto w-full desk:w-48" />
              <div>
                <h3 className="text-lg font-semibold text-ink">Mail-in repair</h3>
                <p className="mt-2 text-[15px] text-ink-soft">
                  Send it to our Houston service centre. The {priceText(repair)} diagnosis is credited against the repair.
                </p>
                <div className="mt-4">
                  <ButtonLink href={ROUTES.repair} variant="secondary">
                    About repairs
                  </ButtonLink>
                </div>
              </div>
            </article>
          ) : null}
        </div>
      </Section>

      <Section id="store" eyebrow="Store" title="Popular in the store">
        <ul className="grid gap-5 sm:grid-cols-2 desk:grid-cols-4">
          {[purifier, ...filters.slice(0, 3)].filter(isPresent).map((item) => (
            <li key={item.skuNum}>
              <ProductCard item={item} />
            </li>
          ))}
        </ul>
      </Section>

      <section aria-label="Contact" className="bg-canvas">
        <Container className="py-14 desk:py-20">
          <ContactBlock email={env.SUPPORT_EMAIL} phone={env.SUPPORT_PHONE} />
        </Container>
      </section>
    </>
  );
}
