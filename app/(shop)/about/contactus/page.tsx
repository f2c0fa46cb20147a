import { env } from "@/lib/config/env";
import { ROUTES } from "@/lib/config/routes";
import { pageMetadata } from "@/lib/site/seo";
import { Container, FeatureGrid, Section } from "@/components/ui/page";
import { ContactBlock } from "@/components/contact/contact-block";
import { ShopLink } from "@/components/ui/shop-link";

export const metadata = pageMetadata({
  title: "Contact us",
  description:
    "Reach Lenwell's service team in Houston by e-mail, phone or chat, Monday to Saturday 9 AM to 7 PM Central, for orders, filters and repairs.",
  path: ROUTES.contact,
});

export default function ContactPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-12 desk:py-20">
          <ContactBlock email={env.SUPPORT_EMAIL} phone={env.SUPPORT_PHONE} headingLevel="h1" />
        </Container>
      </section>
      <Section id="before-you-write" tone="tinted" title="Before you write">
        <FeatureGrid
          items={[
            {
              title: "About an order",
              body: (
                <p>
                  Include your order number. Signed-in customers can follow every order from{" "}
                  <ShopLink href={ROUTES.account} className="font-medium text-brand-700 underline">
                    their account
                  </ShopLink>
                  .
                </p>
              ),
            },
            {
              title: "Something is not working",
              body: (
                <p>
                  Tell us what the display shows and when it started. Many issues are solved by a filter change; the rest go to{" "}
                  <ShopLink href={ROUTES.repair} className="font-medium text-brand-700 underline">
                    repair
                  </ShopLink>
                  .
                </p>
              ),
            },
            {
              title: "Quick answers",
              body: (
                <p>
                  Installation, filters, shipping and returns are covered in the{" "}
                  <ShopLink href={ROUTES.faq} className="font-medium text-brand-700 underline">
                    FAQ
                  </ShopLink>
                  .
                </p>
              ),
            },
          ]}
        />
      </Section>
    </>
  );
}
