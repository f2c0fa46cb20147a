import "server-only";
import { MEMBERSHIP_JOB_EVERY_MS } from "@/lib/config/memberships";
import type { ScheduledJob } from "@/lib/server/jobs/scheduler";
import { runCareReminders } from "./reminders";
import { runRenewals } from "./renewals";

/** The membership domain's scheduled work (lib/server/jobs lists it). */
export const MEMBERSHIP_JOBS: readonly ScheduledJob[] = [
  { name: "membership-renewals", everyMs: MEMBERSHIP_JOB_EVERY_MS, run: (now) => runRenewals(now) },
  { name: "care-plan-reminders", everyMs: MEMBERSHIP_JOB_EVERY_MS, run: (now) => runCareReminders(now) },
];
