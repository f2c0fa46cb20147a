import { formatAmount } from "@/lib/rules/money";
import { formatDay } from "@/lib/display/purifier-display";
import type { AfterSale } from "@/lib/schemas/after-sale";

type RepairFacts = Pick<AfterSale, "type" | "purifier" | "coveredByCare" | "diagnosisFee">;

/**
 * What a repair costs, as the request recorded it on the day it was made: covered by Lenwell Care
 * (nothing to pay, return shipping free) or the catalogue's diagnosis fee, credited against the
 * repair. The customer's request page and the operator's both show it, in the customer's words.
 */
export function RepairTerms({ request, titleId, className = "" }: { request: RepairFacts; titleId: string; className?: string }) {
  if (request.type !== "repair") return null;
  const serial = request.purifier ? (
    <p className="mt-2 text-[15px] text-ink-soft">
      Purifier{" "}
      {request.purifier.serial ? <span className="font-mono font-medium text-ink">{request.purifier.serial}</span> : "(serial not entered)"}
    </p>
  ) : null;
  if (request.coveredByCare) {
    return (
      <section aria-labelledby={titleId} data-testid="repair-terms" className={className}>
        <h2 id={titleId} className="text-xl font-semibold text-leaf-700">
          Covered by Lenwell Care
        </h2>
        {serial}
        <p className="mt-2 text-[15px] text-ink-soft">
          The plan covers this purifier until {formatDay(request.coveredByCare.endsOn)}: the diagnosis fee and the repair charge are waived,
          and return shipping is free.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby={titleId} data-testid="repair-terms" className={className}>
      <h2 id={titleId} className="text-xl font-semibold text-ink">
        Repair costs
      </h2>
      {serial}
      <p className="mt-2 text-[15px] text-ink-soft">
        {request.diagnosisFee
          ? `Not covered by Lenwell Care. A technician tests the purifier and sends you a fixed quote; the diagnosis fee of ${formatAmount(request.diagnosisFee)} is credited against the repair if you go ahead.`
          : "Not covered by Lenwell Care. A technician tests the purifier and sends you a fixed quote before any repair."}
      </p>
    </section>
  );
}
