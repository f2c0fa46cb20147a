import { inlinePicture } from "@/lib/site/inline-picture";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ButtonLink } from "@/components/ui/button-link";
import { FeatureGrid, PageHero, Section, Steps } from "@/components/ui/page";
import { ContactDetails } from "@/components/content/contact-details";
import { TextLink } from "@/components/content/text-link";
import { priceText } from "@/components/content/catalogue";
import { REPAIR_DIAGNOSIS_SKU } from "@/lib/config/catalog";
import { ROUTES, productPath } from "@/lib/config/routes";
import { readShelfItem } from "@/lib/server/catalog";
import { pageMetadata } from "@/lib/site/seo";

export const metadata = pageMetadata({
  title: "Mail-In Repair Service for Lenwell Purifiers",
  description:
    "Send your Lenwell purifier to our Houston service centre: a quote within 2 business days of arrival, most repairs back in 5, and a 90-day warranty on the work.",
  path: ROUTES.repair,
});

const REPAIRABLE = [
  {
    title: "Pump",
    body: "The pump pushes water through the membrane. If it runs noisily, weakly or not at all, we test it and replace it if needed.",
  },
  {
    title: "Power supply",
    body: "No power, a purifier that switches itself off, or a damaged power unit: we check the supply and the wiring behind it.",
  },
  {
    title: "Display and controls",
    body: "A blank or flickering display, buttons that don't respond, or readings that make no sense.",
  },
  {
    title: "Leaks",
    body: "Water under the purifier usually means a worn seal, a loose fitting or a cracked housing. We find the source and reseal or replace it.",
  },
  {
    title: "Valves",
    body: "Valves control where the water goes. A stuck valve can mean no flow, slow flow or water in the wrong place.",
  },
  {
    title: "Sensors",
    body: "Sensors tell the purifier about the water and its own state. If the water-quality reading or a reminder seems wrong, a sensor may be at fault.",
  },
] as const;

export default async function RepairPage() {
  // Prices come from the database through the shared catalogue cache: rendered per request.
  await connection();
  const diagnosis = await readShelfItem(REPAIR_DIAGNOSIS_SKU);
  if (!diagnosis) notFound();

  const diagnosisHref = productPath(REPAIR_DIAGNOSIS_SKU);
  const fee = priceText(diagnosis);

  return (
    <>
      <PageHero
        eyebrow="Repair service"
        title="Mail-in repair, done in Houston"
        intro={
          <p>
            When your Lenwell purifier needs fixing, send it to our service centre. A technician finds the fault, tells you the price before
            any work starts, and ships it back repaired.
          </p>
        }
        image={{ src: inlinePicture("/images/repair-hero.svg"), alt: "", width: 640, height: 480 }}
        actions={
          <>
            <ButtonLink href={ROUTES.repairRequest}>Start a repair request</ButtonLink>
            <ButtonLink href={diagnosisHref} variant="secondary">
              Book a repair diagnosis
            </ButtonLink>
          </>
        }
      />

      <Section
        id="what-we-repair"
        eyebrow="What we repair"
        title="What can be repaired"
        intro={
          <p>
            Most faults in a countertop purifier come down to a handful of parts. These are the ones we see and fix most often; if yours is
            something else, ask us.
          </p>
        }
      >
        <FeatureGrid items={REPAIRABLE} />
      </Section>

      <Section
        id="process"
        tone="tinted"
        eyebrow="Mail-in process"
        title="How a mail-in repair works"
        intro={<p>Nothing is repaired, and nothing is charged beyond the diagnosis, until you say yes to the quote.</p>}
      >
        <Steps
          items={[
            {
              title: "Start a request",
              body: "Choose your purifier from your account, or book a repair diagnosis. The ways in are below.",
            },
            {
              title: "Pack and send",
              body: "Empty the tank, pack the purifier well (the original box is best) and send it to our Houston service centre. We e-mail you the address and packing notes.",
            },
            {
              title: "Diagnosis and quote",
              body: "A technician tests the purifier and sends you a fixed quote within 2 business days of its arrival.",
            },
            {
              title: "You decide",
              body: "Approve the quote and we start. Decline it and we ship the purifier back as it came.",
            },
            {
              title: "Repair",
              body: "We fit genuine parts and test the purifier again with water before it leaves.",
            },
            {
              title: "Back to you",
              body: "Most repairs ship back within 5 business days of your approval, with a tracking number.",
            },
          ]}
        />
      </Section>

      <Section id="cost" eyebrow="Cost and turnaround" title="What it costs and how long it takes">
        <FeatureGrid
          columns={2}
          items={[
            {
              title: `Diagnosis: ${fee}, credited`,
              body: `The diagnosis costs ${fee}. If you go ahead with the repair, the full fee is taken off the repair price, so you only pay it on its own if you decline the quote.`,
            },
            {
              title: "Quick turnaround",
              body: "You get the quote within 2 business days of the purifier arriving in Houston. Most repairs are shipped back within 5 business days after you approve.",
            },
            {
              title: "90-day warranty on repairs",
              body: "Every repair carries a 90-day warranty on the work done and the parts fitted. If the same fault comes back in that time, we fix it free.",
            },
            {
              title: "Covered purifiers pay nothing",
              body: (
                <>
                  With <TextLink href={ROUTES.care}>Lenwell Care</TextLink>, covered repairs cost you nothing, shipping included. A fault
                  covered by the one-year limited warranty is also repaired free; start from your order instead of booking a diagnosis.
                </>
              ),
            },
          ]}
        />
      </Section>

      <Section
        id="start-repair"
        tone="tinted"
        eyebrow="Get started"
        title="How to start a repair request"
        intro={<p>Pick the route that fits you. Each one ends with your purifier on a technician&apos;s bench.</p>}
      >
        <ul className="grid gap-5 desk:grid-cols-3">
          <li className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-card">
            <h3 className="text-lg font-semibold text-ink">You bought from us and have an account</h3>
            <p className="mt-2 flex-1 text-[15px] leading-relaxed text-ink-soft">
              Sign in, choose the purifier you bought from us and tell us what is wrong; we e-mail you where to send it. This is also the
              way in for warranty and Lenwell Care repairs.
            </p>
            <div className="mt-6">
              <ButtonLink href={ROUTES.repairRequest}>Choose my purifier</ButtonLink>
            </div>
          </li>
          <li className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-card">
            <h3 className="text-lg font-semibold text-ink">No account, or out of warranty</h3>
            <p className="mt-2 flex-1 text-[15px] leading-relaxed text-ink-soft">
              Book a repair diagnosis for {fee}. We send you the shipping details, test the purifier and quote the repair; the fee is
              credited if you go ahead.
            </p>
            <div className="mt-6">
              <ButtonLink href={diagnosisHref}>Book a repair diagnosis</ButtonLink>
            </div>
          </li>
          <li className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-card">
            <h3 className="text-lg font-semibold text-ink">Not sure what you need?</h3>
            <div className="mt-2 flex-1 space-y-4 text-[15px] leading-relaxed text-ink-soft">
              <p>Tell us what the purifier is doing. Often a filter change or a quick check fixes it without a repair.</p>
              <ContactDetails />
            </div>
            <div className="mt-6">
              <ButtonLink href={ROUTES.contact} variant="secondary">
                Contact support
              </ButtonLink>
            </div>
          </li>
        </ul>
      </Section>
    </>
  );
}
