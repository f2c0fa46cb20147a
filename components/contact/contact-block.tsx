import type { ReactNode } from "react";
import { Image } from "@/components/ui/image";
import { CONTACT_HOURS, SERVICE_CENTRE } from "@/lib/config/store";
import { chatLink, phoneToE164 } from "@/lib/site/contact";
import { MAP_HEIGHT, MAP_WIDTH, mapPosition } from "@/lib/geo/us-map";
import { ChatIcon, ClockIcon, MailIcon, PhoneIcon } from "@/components/ui/icons";
import { CopyButton } from "./copy-button";
import { TAP_TARGET } from "@/components/ui/tap-target";

const LINK = `${TAP_TARGET} font-semibold text-brand-700 underline-offset-4 hover:underline`;

/** One line of the contact list: an icon named for screen readers, then the detail. */
function ContactRow({ icon, label, className, children }: { icon: ReactNode; label: string; className?: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <dt className="mt-0.5 text-brand-600">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

interface ContactBlockProps {
  email: string;
  phone: string;
  /** Heading level of the block's title, so it fits the page it sits on. */
  headingLevel?: "h1" | "h2";
}

/** Service e-mail, phone, hours and the map with our Houston service centre. */
export async function ContactBlock({ email, phone, headingLevel = "h2" }: ContactBlockProps) {
  const marker = await mapPosition(SERVICE_CENTRE.longitude, SERVICE_CENTRE.latitude);
  const Heading = headingLevel;
  return (
    <div className="grid items-center gap-10 desk:grid-cols-[2fr_3fr]">
      <div>
        <Heading className="text-2xl font-bold tracking-tight text-ink desk:text-3xl">Talk to a real person</Heading>
        <p className="mt-3 text-ink-soft">
          Questions about your purifier, an order, filters or a repair: our service team in {SERVICE_CENTRE.region} answers e-mail, calls
          and chat messages.
        </p>
        <dl className="mt-6 space-y-4">
          <ContactRow icon={<MailIcon />} label="E-mail" className="flex flex-wrap items-center gap-2">
            <a href={`mailto:${email}`} className={LINK}>
              {email}
            </a>
            <CopyButton value={email} label="E-mail address" />
          </ContactRow>
          <ContactRow icon={<PhoneIcon />} label="Phone">
            <a href={`tel:${phoneToE164(phone)}`} className={LINK}>
              {phone}
            </a>
          </ContactRow>
          <ContactRow icon={<ChatIcon />} label="Chat">
            <a href={chatLink(phone)} target="_blank" rel="noopener noreferrer" className={LINK}>
              Message us on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </ContactRow>
          <ContactRow icon={<ClockIcon />} label="Opening hours" className="text-ink">
            {CONTACT_HOURS}
          </ContactRow>
        </dl>
      </div>
      <figure className="relative">
        {/* The map is a static file drawn at build time; only the marker is part of this page. */}
        <Image
          src="/maps/us-states.svg"
          alt="Map of the United States with our service centre marked at Houston, Texas"
          width={MAP_WIDTH}
          height={MAP_HEIGHT}
          // As the page's own content (its h1), the map is what the page is about: load it first.
          priority={headingLevel === "h1"}
          className="h-auto w-full"
        />
        <div
          data-testid="map-marker"
          className="absolute flex -translate-x-1/2 -translate-y-full flex-col items-center"
          style={{ left: `${marker.left}%`, top: `${marker.top}%` }}
        >
          <span className="rounded-full bg-brand-800 px-2.5 py-1 text-xs font-semibold text-white shadow-card">{SERVICE_CENTRE.label}</span>
          <svg width="18" height="22" viewBox="0 0 18 22" aria-hidden="true" className="-mt-0.5">
            <path d="M9 21s7-6.6 7-12A7 7 0 0 0 2 9c0 5.4 7 12 7 12Z" fill="#0b6c9c" stroke="#fff" strokeWidth="1.5" />
            <circle cx="9" cy="9" r="2.6" fill="#fff" />
          </svg>
        </div>
        <figcaption className="sr-only">Service centre: {SERVICE_CENTRE.region}</figcaption>
      </figure>
    </div>
  );
}
