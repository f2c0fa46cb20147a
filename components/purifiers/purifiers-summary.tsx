import { ButtonLink } from "@/components/ui/button-link";
import { ROUTES } from "@/lib/config/routes";
import { isVouched } from "@/lib/config/purifiers";
import { careText, dueText } from "@/lib/display/purifier-display";
import { VERIFICATION_LABELS } from "@/lib/display/verification-display";
import type { Purifier } from "@/lib/schemas/purifier";

/** The account page's look at My purifiers: each purifier, the filter due next and which one Lenwell Care covers. */
export function PurifiersSummary({ purifiers }: { purifiers: Purifier[] }) {
  return (
    <section aria-labelledby="purifiers-title" className="flex flex-col items-start gap-4 rounded-2xl border border-line p-6">
      <h2 id="purifiers-title" className="text-xl font-semibold text-ink">
        My purifiers
      </h2>
      {purifiers.length === 0 ? (
        <p className="text-ink-soft">Add your purifier to see when each filter is due, and to get Lenwell Care for it.</p>
      ) : (
        <ul className="flex w-full flex-col gap-3">
          {purifiers.map((purifier) => {
            const next = [...purifier.stages].sort((a, b) => a.daysLeft - b.daysLeft)[0];
            return (
              <li key={purifier.purifierId} className="text-[15px]">
                <p className="font-medium text-ink">
                  {purifier.name}
                  {purifier.serial ? ` · ${purifier.serial}` : ""}
                </p>
                <p className="text-ink-soft">
                  {next ? `${next.name}: ${dueText(next).toLowerCase()}` : null}
                  {next ? " · " : null}
                  {careText(purifier.care) ??
                    (isVouched(purifier.verification) ? "Not on Lenwell Care" : VERIFICATION_LABELS[purifier.verification])}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <ButtonLink href={ROUTES.purifiers}>View my purifiers</ButtonLink>
    </section>
  );
}
