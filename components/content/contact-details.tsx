import { ClockIcon, MailIcon, PhoneIcon } from "@/components/ui/icons";
import { env } from "@/lib/config/env";
import { CONTACT_HOURS } from "@/lib/config/store";
import { phoneToE164 } from "@/lib/site/contact";
import { TAP_TARGET } from "@/components/ui/tap-target";

/** The support e-mail, phone and opening hours as a short list (server only: reads the environment). */
export function ContactDetails() {
  return (
    <ul className="space-y-3 text-[15px] text-ink-soft">
      <li className="flex items-center gap-3">
        <MailIcon className="h-5 w-5 shrink-0 text-brand-700" />
        <a
          href={`mailto:${env.SUPPORT_EMAIL}`}
          className={`${TAP_TARGET} font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800`}
        >
          {env.SUPPORT_EMAIL}
        </a>
      </li>
      <li className="flex items-center gap-3">
        <PhoneIcon className="h-5 w-5 shrink-0 text-brand-700" />
        <a
          href={`tel:${phoneToE164(env.SUPPORT_PHONE)}`}
          className={`${TAP_TARGET} font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800`}
        >
          {env.SUPPORT_PHONE}
        </a>
      </li>
      <li className="flex items-center gap-3">
        <ClockIcon className="h-5 w-5 shrink-0 text-brand-700" />
        <span>{CONTACT_HOURS}</span>
      </li>
    </ul>
  );
}
