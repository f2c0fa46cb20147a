import { inlinePicture } from "@/lib/site/inline-picture";
import { Image } from "@/components/ui/image";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { ButtonLink } from "@/components/ui/button-link";
import { DataTable, FeatureGrid, PageHero, Section, SpecTable, Steps } from "@/components/ui/page";
import { Price } from "@/components/catalog/price";
import { ProductCard } from "@/components/catalog/product-card";
import { CheckList } from "@/components/content/check-list";
import { CtaBand } from "@/components/content/cta-band";
import { OperatorNotice } from "@/components/content/operator-notice";
import { Split } from "@/components/content/split";
import { TextLink } from "@/components/content/text-link";
import { isPresent, priceText, specValue } from "@/components/content/catalogue";
import { FILTER_SKUS } from "@/lib/config/catalog";
import { ROUTES, productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { env } from "@/lib/config/env";
import { amountToCents } from "@/lib/rules/money";
import { readShelfItem, readStock } from "@/lib/server/catalog";
import { singleUnitShipping } from "@/lib/server/shipping";
import { pageMetadata, productPreviewImage } from "@/lib/site/seo";
import { productJsonLd } from "@/lib/site/structured-data";
import { JsonLd } from "@/components/ui/json-ld";

export const metadata = pageMetadata({
  title: "RO600 Countertop Reverse-Osmosis Water Purifier",
  description:
    "The Lenwell RO600 filters tap water in three stages right on your counter: no plumbing, no tools. See what each stage does, filter life and full specs.",
  path: ROUTES.purifier,
});

const STAGES = [
  {
    title: "Stage 1 · Composite pre-filter",
    body: (
      <>
        <p>
          A polypropylene layer catches the things you could see if you looked closely: sand, silt, rust flakes and other particles from
          pipes. Behind it, an activated carbon block reduces chlorine, the taste and smell most people notice in city tap water.
        </p>
        <p className="mt-2">It also protects the membrane in stage 2, so the membrane lasts longer.</p>
      </>
    ),
  },
  {
    title: "Stage 2 · Reverse-osmosis membrane",
    body: (
      <>
        <p>
          Reverse osmosis pushes water through a membrane with pores far smaller than a dissolved salt. Water passes; most dissolved solids,
          such as salts, minerals and dissolved metals, are held back and rinsed away in a separate stream.
        </p>
        <p className="mt-2">This is the stage that lowers the water-quality (TDS) reading on the display.</p>
      </>
    ),
  },
  {
    title: "Stage 3 · Post-carbon cartridge",
    body: (
      <>
        <p>
          Coconut-shell carbon, just before the spout, takes out any taste or smell that is left, so the water tastes clean and neutral in a
          glass, in coffee and in tea.
        </p>
        <p className="mt-2">It is the last thing your water touches inside the purifier.</p>
      </>
    ),
  },
] as const;

// The order matches the filter lookups in the page below; the catalogue's spec rows add the rated volumes.
const FILTER_SCHEDULE = [
  { stage: 1, name: "Composite pre-filter (PP + carbon)", life: "6 months" },
  { stage: 2, name: "RO membrane cartridge", life: "24 months" },
  { stage: 3, name: "Post-carbon taste cartridge", life: "12 months" },
] as const;

export default async function WaterPurifierPage() {
  // Prices come from the database through the shared catalogue cache: rendered per request.
  await connection();
  const [stock, purifier, ...filterItems] = await Promise.all([
    readStock(PURIFIER_SKU),
    readShelfItem(PURIFIER_SKU),
    readShelfItem(FILTER_SKUS.preFilter),
    readShelfItem(FILTER_SKUS.membrane),
    readShelfItem(FILTER_SKUS.postCarbon),
  ]);
  if (!purifier) notFound();
  const filters = filterItems.filter(isPresent);
  const filterRows = FILTER_SCHEDULE.map((entry, index) => {
    const item = filterItems[index];
    return {
      stage: entry.stage,
      name: item?.name ?? entry.name,
      life: item ? specValue(item, "life", entry.life) : entry.life,
    };
  });
  const firstYearSet = await readShelfItem(FILTER_SKUS.firstYearSet);

  const buyHref = productPath(PURIFIER_SKU);
  const size = specValue(purifier, "size");
  const tank = specValue(purifier, "tank");
  const power = specValue(purifier, "power");

  return (
    <>
      {/* The purifier this page presents, offered on its product page (the same Product there). */}
      <JsonLd
        data={productJsonLd({
          siteUrl: env.SITE_URL,
          item: purifier,
          stock: stock ?? 0,
          path: buyHref,
          images: [productPreviewImage(purifier).url, ...purifier.image],
          shipping: singleUnitShipping(amountToCents(purifier.discountPrice)),
          now: new Date(),
        })}
      />
      <PageHero
        eyebrow="Lenwell RO600"
        title="Reverse-osmosis water, right on your counter"
        intro={
          <>
            <p>
              {purifier.subtitle} The {purifier.name} filters the tap water you pour into it through three stages and shows the
              water-quality reading on its display.
            </p>
            <div className="mt-5">
              <Price originalPrice={purifier.originalPrice} discountPrice={purifier.discountPrice} size="lg" />
            </div>
          </>
        }
        image={{
          src: inlinePicture("/images/hero-purifier.svg"),
          alt: "The Lenwell RO600 countertop water purifier",
          width: 960,
          height: 720,
        }}
        actions={
          <>
            <ButtonLink href={buyHref}>Buy Water Purifier Now</ButtonLink>
            <ButtonLink href={ROUTES.membership} variant="secondary">
              Join Membership
            </ButtonLink>
          </>
        }
      />

      <Section
        id="stages"
        eyebrow="What it removes"
        title="Three stages, each with one job"
        intro={
          <p>
            Here is what each stage is built to take out, in plain words. How much of any one substance is reduced depends on your tap
            water, so we don&apos;t print percentages on this page: tested figures belong with the certifications below.
          </p>
        }
      >
        <FeatureGrid items={STAGES} />
      </Section>

      <Section
        id="how-it-works"
        tone="tinted"
        eyebrow="How it works"
        title="From the tank to your glass"
        intro={
          <p>
            A small pump moves water from the tap-water tank through the three stages in order. Filtered water comes out of the spout; what
            the membrane held back leaves in a separate stream, as in every reverse-osmosis system.
          </p>
        }
      >
        <Image
          src="/images/filtration-stages.svg"
          alt="Diagram of the RO600: tap water from the tank passes the composite pre-filter, then the reverse-osmosis membrane, then the post-carbon cartridge, and comes out of the spout as filtered water."
          width={960}
          height={360}
          className="h-auto w-full rounded-2xl bg-white"
        />
        <div className="mt-10">
          <Steps
            items={[
              {
                title: "Pour",
                body: "Fill the removable tank with cold tap water from your sink and set it back in place.",
              },
              {
                title: "Filter",
                body: "Switch it on. The pump sends the water through the pre-filter, the membrane and the post-carbon, one after another.",
              },
              {
                title: "Pour a glass",
                body: "Filtered water runs from the spout, and the display shows its water-quality reading.",
              },
            ]}
          />
        </div>
      </Section>

      <Section id="installation" eyebrow="Installation" title="No plumber, no drilling, no tools">
        <Split
          image={{
            src: "/images/install-countertop.svg",
            alt: "Tap water being poured into the RO600's tank on a kitchen counter, with no tools or pipes needed.",
            width: 640,
            height: 480,
          }}
        >
          <div className="space-y-4 text-[15px] leading-relaxed text-ink-soft">
            <p>
              The RO600 is a countertop purifier: it does not connect to your pipes. If you rent, or simply don&apos;t want holes under the
              sink, this is the point of it.
            </p>
            <CheckList
              items={[
                size ? `Find a level spot near an outlet. The purifier measures ${size}.` : "Find a level spot near an outlet.",
                tank
                  ? `Fill the tap-water tank (${tank}) from the tap and put it back.`
                  : "Fill the tap-water tank from the tap and put it back.",
                power ? `Plug it in (${power}) and switch it on.` : "Plug it in and switch it on.",
                "Dispense your first glass. When you move, it comes with you.",
              ]}
            />
          </div>
        </Split>
      </Section>

      <Section
        id="filters"
        tone="tinted"
        eyebrow="Filter life"
        title="Filter changes, with a reminder"
        intro={
          <>
            <p>
              Each stage has its own life: the pre-filter about six months, the RO membrane about twenty-four months and the post-carbon
              cartridge about twelve months. You don&apos;t need to keep track: the display tells you when a cartridge is due.
            </p>
            <p className="mt-3">
              Members get each cartridge shipped before it is due. <TextLink href={ROUTES.membership}>See how membership works</TextLink>.
            </p>
          </>
        }
      >
        <div className="max-w-3xl">
          <DataTable
            caption="When to change each filter"
            columns={["Stage", "Cartridge", "Rated life"]}
            rows={filterRows.map((row) => [row.stage, row.name, row.life])}
          />
        </div>
        {filters.length > 0 ? (
          <>
            <h3 className="mt-12 text-xl font-semibold text-ink">Replacement filters</h3>
            <ul className="mt-5 grid gap-5 desk:grid-cols-3">
              {filters.map((item) => (
                <li key={item.skuNum}>
                  <ProductCard item={item} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {firstYearSet ? (
          <p className="mt-6 text-[15px] text-ink-soft">
            Starting out? The <TextLink href={productPath(firstYearSet.skuNum)}>{firstYearSet.name.toLowerCase()}</TextLink> holds
            everything the first twelve months need, for {priceText(firstYearSet)}.
          </p>
        ) : null}
      </Section>

      <Section id="specifications" eyebrow="Specifications" title="RO600 at a glance">
        <div className="max-w-3xl">
          <SpecTable
            caption={`${purifier.name} specifications`}
            rows={purifier.spec.map((row) => ({ label: row.spec_name, value: row.spec_value }))}
          />
        </div>
      </Section>

      <Section
        id="certifications"
        tone="tinted"
        eyebrow="Certifications"
        title="Certifications"
        intro={
          <p>
            Certificates for water purifiers are issued by independent bodies and can be looked up on their websites. We will list each one
            here with its standard, the body that issued it and the listing number.
          </p>
        }
      >
        <OperatorNotice title="Certification details: to be provided by Lenwell before launch">
          <p>
            List here only the certifications the RO600 actually holds, each with the standard, the certifying body and the listing number
            or a link to the public listing. For a reverse-osmosis drinking-water system that usually means NSF/ANSI 58 (reverse-osmosis
            systems) and, for the carbon stages, NSF/ANSI 42 (taste, odour and chlorine), issued by an accredited body such as NSF, WQA or
            IAPMO, plus the electrical safety listing (for example UL or ETL) and the FCC declaration for the electronics.
          </p>
          <p>
            Any reduction figures quoted on this page must come from those test reports. Until then, this box stays and no certification is
            claimed.
          </p>
        </OperatorNotice>
      </Section>

      <CtaBand
        id="buy"
        title="Filtered water from your counter, starting today"
        actions={
          <>
            <ButtonLink href={buyHref} variant="light">
              Buy Water Purifier Now
            </ButtonLink>
            <ButtonLink href={ROUTES.care} variant="secondary">
              About Lenwell Care
            </ButtonLink>
          </>
        }
      >
        <p>
          The RO600 is {priceText(purifier)} with free UPS Ground shipping in the United States. It comes with a one-year limited warranty,
          and Lenwell Care adds two years of repairs.
        </p>
      </CtaBand>
    </>
  );
}
