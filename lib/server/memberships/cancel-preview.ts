import "server-only";
import type { DbExecutor } from "@/lib/db/client";
import { centsToAmount } from "@/lib/rules/money";
import type { CancellationPreview } from "@/lib/schemas/user";
import type { CancellationFacts } from "@/lib/server/mail/templates/memberships";
import { planRefundRule, type PlanRow } from "./plan-refunds";

// What cancelling a membership would do, before it is done: the confirm dialog's words and the
// cancel itself come from the same rule (plan-refunds.ts).

export interface RowPlan {
  row: PlanRow;
  endNow: boolean;
  refundCents: number;
  unusedMonths: number;
  refundCard: string | null;
}

/** What cancelling at `now` does to each running or queued membership row (the rule: plan-refunds.ts). */
export async function planCancellation(db: DbExecutor, rows: readonly PlanRow[], now: Date): Promise<RowPlan[]> {
  const plans: RowPlan[] = [];
  for (const row of rows) {
    const rule = await planRefundRule(db, row, now);
    plans.push({ row, endNow: rule.endNow, refundCents: rule.refundCents, unusedMonths: rule.unusedMonths, refundCard: rule.card });
  }
  return plans;
}

export function summary(plans: readonly RowPlan[]): CancellationFacts {
  const ending = plans.filter((plan) => plan.endNow);
  const staying = plans.filter((plan) => !plan.endNow);
  if (staying.length > 0) {
    const activeUntil = new Date(Math.max(...staying.map((plan) => plan.row.endsAt.getTime())));
    return { mode: "at_period_end", activeUntil };
  }
  return {
    mode: "now",
    refundCents: ending.reduce((sum, plan) => sum + plan.refundCents, 0),
    unusedMonths: ending.reduce((sum, plan) => sum + plan.unusedMonths, 0),
    card: ending.find((plan) => plan.refundCard)?.refundCard ?? null,
  };
}

export function toPreview(facts: CancellationFacts): CancellationPreview {
  return facts.mode === "at_period_end"
    ? { mode: "at_period_end", activeUntil: facts.activeUntil.toISOString() }
    : { mode: "now", refund: Number(centsToAmount(facts.refundCents)), unusedMonths: facts.unusedMonths, card: facts.card };
}

/** What the confirm dialog states: cancelling the running (and queued) membership rows at `now`. */
export async function previewCancellation(db: DbExecutor, liveRows: readonly PlanRow[], now: Date): Promise<CancellationPreview> {
  return toPreview(summary(await planCancellation(db, liveRows, now)));
}
