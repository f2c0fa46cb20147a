import type { CareCoverage, FilterStageView } from "@/lib/schemas/purifier";

// The words My purifiers and the console use for days, filter stages and care coverage. Days are the
// shop's calendar days ("2026-11-25"), so they are written out without a time zone.

/** What a customer reads when Lenwell Care is refused because they have no purifier the shop vouches for. */
export const CARE_NEEDS_PURIFIER_MESSAGE =
  "Lenwell Care is for owners of a Lenwell purifier. Add your purifier under My purifiers first, then buy the plan.";

/** What a customer reads when Lenwell Care is refused because their purifier waits for verification. */
export const CARE_AWAITING_VERIFICATION_MESSAGE =
  "Lenwell Care can be bought once we have verified your purifier from its proof of purchase. My purifiers shows where it stands.";

/** What a customer reads when Lenwell Care is refused because their purifier could not be verified. */
export const CARE_NOT_VERIFIED_MESSAGE =
  "We could not verify your purifier, so Lenwell Care cannot be bought for it. My purifiers says why, and takes another proof of purchase.";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "Nov 25, 2026" from "2026-11-25". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Due in 12 days", "Due tomorrow", "Due today", "Overdue by 3 days". */
export function dueText(stage: Pick<FilterStageView, "daysLeft">): string {
  const days = stage.daysLeft;
  if (days === 0) return "Due today";
  if (days === 1) return "Due tomorrow";
  if (days > 1) return `Due in ${days} days`;
  return `Overdue by ${-days} ${days === -1 ? "day" : "days"}`;
}

/** How a stage's bar is coloured: fine, due within a month, or due. */
export function stageTone(stage: Pick<FilterStageView, "daysLeft">): "ok" | "soon" | "due" {
  if (stage.daysLeft <= 0) return "due";
  return stage.daysLeft <= 30 ? "soon" : "ok";
}

/** "Lenwell Care until Feb 28, 2030", or what else the purifier's care plan says; null without one. */
export function careText(care: CareCoverage | null): string | null {
  if (!care) return null;
  if (care.status === "active") return `Lenwell Care until ${formatDay(care.endsOn)}`;
  if (care.status === "scheduled") return `Lenwell Care from ${formatDay(care.startsOn)} until ${formatDay(care.endsOn)}`;
  return `Lenwell Care ended on ${formatDay(care.endsOn)}`;
}
