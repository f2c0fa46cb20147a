import { z } from "zod";
import { singleLineCheck } from "./text";

// The operator's "run the scheduled work now" call (/api/v1/admin/jobs/run).

export const runJobsBodySchema = z.strictObject({
  /**
   * Run as if it were this moment (an ISO 8601 instant). Only servers started with
   * SCHEDULE_TIME_TRAVEL=on accept it: the end-to-end tests move the shop's calendar with it.
   */
  at: z.iso
    .datetime({ offset: true, message: "Enter an ISO 8601 date and time, such as 2027-05-01T15:00:00Z." })
    .check(singleLineCheck)
    .optional(),
});
export type RunJobsBody = z.infer<typeof runJobsBodySchema>;

export const runJobsResultSchema = z.object({
  ranAt: z.string(),
  report: z.record(z.string(), z.union([z.record(z.string(), z.number()), z.object({ error: z.string() })])),
});
export type RunJobsResult = z.infer<typeof runJobsResultSchema>;
