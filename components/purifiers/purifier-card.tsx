import { CancelCareButton } from "@/components/purifiers/cancel-care-button";
import { FilterStageRow } from "@/components/purifiers/filter-stage-row";
import { PurifierDetailsForm } from "@/components/purifiers/purifier-details-form";
import { PurifierVerification } from "@/components/purifiers/purifier-verification";
import { ROUTES } from "@/lib/config/routes";
import { listMyPurifiers } from "@/lib/api/purifiers";
import { careText, formatDay } from "@/lib/display/purifier-display";
import type { Purifier } from "@/lib/schemas/purifier";

/**
 * What the card shows once its plan is cancelled is the server's view, not a guess: a queued plan
 * cancelled never started (an earlier plan may still run), a running one ends today. Should the
 * answer not come, the page is loaded again rather than left showing the plan as it was.
 */
async function showCareAsCancelled(purifierId: string, onChange: (updated: Purifier) => void): Promise<void> {
  const updated = await listMyPurifiers()
    .then((list) => list.find((item) => item.purifierId === purifierId))
    .catch(() => undefined);
  if (updated) onChange(updated);
  else window.location.reload();
}

/**
 * One purifier: its dates, whether the shop vouches for it (and the proof of purchase when it does
 * not yet), its Lenwell Care, each filter stage and the form for its details. `onChange` takes the
 * server's new view of it.
 */
export function PurifierCard({ purifier, today, onChange }: { purifier: Purifier; today: string; onChange: (updated: Purifier) => void }) {
  const care = careText(purifier.care);
  const titleId = `purifier-${purifier.purifierId}-title`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-line bg-white p-5 desk:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-xl font-semibold text-ink">
          {purifier.name}
        </h2>
        <p className="text-sm text-ink-soft">{purifier.serial ? `Serial ${purifier.serial}` : "Serial not entered yet"}</p>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-ink-muted">Purchased</dt>
          <dd className="text-ink">
            {formatDay(purifier.purchasedOn)}
            {purifier.source === "order" ? " from Lenwell" : ""}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-ink-muted">Installed</dt>
          <dd className="text-ink">{formatDay(purifier.installedOn)}</dd>
        </div>
      </dl>
      <PurifierVerification purifier={purifier} onChange={onChange} />
      {care ? (
        <>
          <p className={`mt-3 text-sm font-semibold ${purifier.care?.status === "ended" ? "text-ink-soft" : "text-leaf-700"}`}>{care}</p>
          {purifier.care && purifier.care.status !== "ended" ? (
            <div className="mt-3 max-w-xs">
              <CancelCareButton planId={purifier.care.planId} onCancelled={() => void showCareAsCancelled(purifier.purifierId, onChange)} />
            </div>
          ) : null}
        </>
      ) : (
        <p className="mt-3 text-sm text-ink-soft">
          Not on Lenwell Care.{" "}
          <a href={ROUTES.care} className="font-medium text-brand-700 underline">
            About Lenwell Care
          </a>
        </p>
      )}
      <h3 className="mt-5 text-base font-semibold text-ink">Filters</h3>
      <ul className="mt-2 flex flex-col gap-4">
        {purifier.stages.map((stage) => (
          <li key={stage.stage}>
            <FilterStageRow purifier={purifier} stage={stage} today={today} onChange={onChange} />
          </li>
        ))}
      </ul>
      <PurifierDetailsForm purifier={purifier} today={today} onChange={onChange} />
    </article>
  );
}
