import { ButtonLink } from "@/components/ui/button-link";
import { connection } from "next/server";
import { PageHero, Section } from "@/components/ui/page";
import { ContactDetails } from "@/components/content/contact-details";
import { FaqList, JsonLd, faqPageJsonLd } from "@/components/content/faq";
import { priceText, specValue } from "@/components/content/catalogue";
import { ACCESSORY_SKUS, CARE_SKU, MEMBERSHIP_SKUS, REPAIR_DIAGNOSIS_SKU } from "@/lib/config/catalog";
import { ROUTES } from "@/lib/config/routes";
import { faqGroups } from "@/lib/content/faq";
import { PURIFIER_SKU } from "@/lib/config/store";
import { readShelfItem } from "@/lib/server/catalog";
import { pageMetadata } from "@/lib/site/seo";

export const metadata = pageMetadata({
  title: "Frequently Asked Questions",
  description:
    "Answers about the Lenwell RO600: setup, filling the tank, filter changes, TDS readings, membership, shipping, returns, warranty, Lenwell Care and repairs.",
  path: ROUTES.faq,
});

export default async function FaqPage() {
  // Prices come from the database through the shared catalogue cache: rendered per request.
  await connection();
  const [purifier, monthly, yearly, care, diagnosis, tdsPen] = await Promise.all([
    readShelfItem(PURIFIER_SKU),
    readShelfItem(MEMBERSHIP_SKUS.monthly),
    readShelfItem(MEMBERSHIP_SKUS.yearly),
    readShelfItem(CARE_SKU),
    readShelfItem(REPAIR_DIAGNOSIS_SKU),
    readShelfItem(ACCESSORY_SKUS.tdsPen),
  ]);

  const groups = faqGroups({
    tank: purifier ? specValue(purifier, "tank") : "",
    membershipPrices: monthly && yearly ? { monthly: priceText(monthly), yearly: priceText(yearly) } : null,
    carePrice: care ? priceText(care) : null,
    diagnosisPrice: diagnosis ? priceText(diagnosis) : null,
    tdsPenSku: tdsPen?.skuNum ?? null,
  });

  const allItems = groups.flatMap((group) => group.items);

  return (
    <>
      <JsonLd data={faqPageJsonLd(allItems)} />
      <PageHero
        eyebrow="Help"
        title="Frequently asked questions"
        intro={<p>Quick answers about the RO600, filters, membership, orders and repairs. Select a question to open its answer.</p>}
        actions={
          <ButtonLink href={ROUTES.contact} variant="secondary">
            Contact support
          </ButtonLink>
        }
      />

      {groups.map((group, index) => (
        <Section key={group.id} id={group.id} title={group.title} tone={index % 2 === 1 ? "tinted" : "plain"}>
          <FaqList items={group.items} />
        </Section>
      ))}

      <Section
        id="still-stuck"
        tone={groups.length % 2 === 1 ? "tinted" : "plain"}
        title="Still have a question?"
        intro={<p>Our support team reads every message. Write or call during opening hours.</p>}
      >
        <ContactDetails />
      </Section>
    </>
  );
}
