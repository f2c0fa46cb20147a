import { inlinePicture } from "@/lib/site/inline-picture";
import { ButtonLink } from "@/components/ui/button-link";
import { FeatureGrid, PageHero, Section } from "@/components/ui/page";
import { ContactDetails } from "@/components/content/contact-details";
import { TextLink } from "@/components/content/text-link";
import { ROUTES } from "@/lib/config/routes";
import { SERVICE_CENTRE, STORE_NAME } from "@/lib/config/store";
import { pageMetadata } from "@/lib/site/seo";

export const metadata = pageMetadata({
  title: "About Us",
  description:
    "Lenwell is a small company in Houston, TX that designs and services countertop reverse-osmosis water purifiers. See our service centre and how we work.",
  path: ROUTES.aboutUs,
});

export default async function AboutUsPage() {
  return (
    <>
      <PageHero
        eyebrow={`About ${STORE_NAME}`}
        title="Filtered water for homes that can't be re-plumbed"
        intro={
          <p>
            {STORE_NAME} is a small company in {SERVICE_CENTRE.region}. We design countertop reverse-osmosis purifiers, sell them directly,
            and look after them for as long as you own one.
          </p>
        }
        image={{ src: inlinePicture("/images/about-hero.svg"), alt: "", width: 640, height: 480 }}
        actions={
          <ButtonLink href={ROUTES.contact} variant="secondary">
            Contact us
          </ButtonLink>
        }
      />

      <Section
        id="who-we-are"
        eyebrow="Who we are"
        title="A small team with one product family"
        intro={
          <>
            <p>
              We work on one thing: a reverse-osmosis purifier that sits on the kitchen counter, and everything it needs over the years:
              filters, a membership that ships them, a care plan and a repair bench.
            </p>
            <p className="mt-3">
              Keeping the range small means we know every part of the product, and the people who answer your e-mail can talk to the people
              who repair it.
            </p>
          </>
        }
      />

      <Section
        id="why-countertop"
        tone="tinted"
        eyebrow="Why countertop"
        title="Why we build countertop purifiers"
        intro={
          <p>
            Reverse-osmosis systems usually go under the sink and need a plumber, a drain connection and a hole for a faucet. Many people
            can&apos;t, or don&apos;t want to, do that.
          </p>
        }
      >
        <FeatureGrid
          items={[
            {
              title: "Made for renters",
              body: "No drilling, nothing to undo when you move out, and nothing to ask your landlord about.",
            },
            {
              title: "No plumbing at all",
              body: "Fill the tank from the tap, plug the purifier in and it is ready. Setting it up takes minutes, not an appointment.",
            },
            {
              title: "Moves with you",
              body: "When you move house, the purifier goes in a box with the rest of the kitchen and works the same in the new place.",
            },
          ]}
        />
      </Section>

      <Section
        id="service-centre"
        eyebrow="Service centre"
        title={`Our service centre in ${SERVICE_CENTRE.label}`}
        intro={
          <>
            <p>
              Repairs happen at our own service centre in {SERVICE_CENTRE.region}, not at a contractor. Our technicians test each purifier
              that comes in, fit genuine parts and test it again before it goes back.
            </p>
            <p className="mt-3">
              That is where <TextLink href={ROUTES.care}>Lenwell Care</TextLink> claims and our{" "}
              <TextLink href={ROUTES.repair}>mail-in repair service</TextLink> are handled.
            </p>
          </>
        }
      />

      <Section id="how-we-work" tone="tinted" eyebrow="How we work" title="How we work">
        <FeatureGrid
          items={[
            {
              title: "Real people answer",
              body: "E-mails and messages are answered by our own support team during opening hours, not by a script.",
            },
            {
              title: "Repairs in-house",
              body: "We diagnose and repair purifiers ourselves, give you a fixed quote first and stand behind the work.",
            },
            {
              title: "Filters on schedule",
              body: (
                <>
                  Each cartridge has a known life. <TextLink href={ROUTES.membership}>Members</TextLink> get the next one shipped before it
                  is due, so nobody has to remember.
                </>
              ),
            },
          ]}
        />
      </Section>

      <Section id="values" eyebrow="What we care about" title="Our values">
        <FeatureGrid
          columns={2}
          items={[
            {
              title: "Say what it does, and no more",
              body: "We describe what the purifier removes and how it is maintained. We don't make health claims, and we only list certifications the product actually holds.",
            },
            {
              title: "Fix before replace",
              body: "A purifier with a worn pump or a leaking seal deserves a repair, not a landfill. We keep parts and repair what we sell.",
            },
            {
              title: "Clear prices",
              body: "Prices are in US dollars on every page, shipping costs are shown before you pay, and sales tax is calculated at checkout.",
            },
            {
              title: "Easy to leave",
              body: "Memberships are cancelled from your account in a few clicks, with no fee and no call to make.",
            },
          ]}
        />
      </Section>

      <Section
        id="contact"
        tone="tinted"
        eyebrow="Contact"
        title="Talk to us"
        intro={<p>Questions about the purifier, an order or a repair? Write or call; a person on our team will answer.</p>}
      >
        <div className="flex flex-col gap-8 desk:flex-row desk:items-end desk:justify-between">
          <ContactDetails />
          <ButtonLink href={ROUTES.contact}>Go to the contact page</ButtonLink>
        </div>
      </Section>
    </>
  );
}
