import "server-only";
import { env } from "@/lib/config/env";
import type { UserRow } from "@/lib/db/schema";
import type { RunJobsBody, RunJobsResult } from "@/lib/schemas/operator-jobs";
import { assertOperator } from "@/lib/server/auth/roles";
import { AppError } from "@/lib/server/base/errors";
import { runScheduledJobs, type ScheduledJob } from "./scheduler";

export const TIME_TRAVEL_OFF_MESSAGE = "This server runs scheduled work only at the present time.";

/**
 * Runs every scheduled job once, now: an operator's way to push work through without waiting for
 * the timers (each job still acts on each item once). `at` moves the job's clock and is refused
 * unless the server was started with SCHEDULE_TIME_TRAVEL=on, which only test servers are.
 */
export async function runScheduledWorkNow(user: UserRow, body: RunJobsBody, jobs: readonly ScheduledJob[]): Promise<RunJobsResult> {
  assertOperator(user);
  if (body.at && env.SCHEDULE_TIME_TRAVEL !== "on") {
    throw new AppError(422, `at: ${TIME_TRAVEL_OFF_MESSAGE}`, [{ path: "at", message: TIME_TRAVEL_OFF_MESSAGE }]);
  }
  const ranAt = body.at ? new Date(body.at) : new Date();
  return { ranAt: ranAt.toISOString(), report: await runScheduledJobs(jobs, ranAt) };
}
