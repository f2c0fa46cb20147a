import "server-only";
import { describeError } from "@/lib/server/http/error-log";
import { log } from "@/lib/server/log";

// The shop's scheduled work (filter shipments, renewals, reminders) runs from one timer per process.
// Any number of instances may run it at the same time: every job claims each item it acts on with a
// unique key or a conditional UPDATE in the database, so an item is acted on once however many
// timers fire. Jobs take the time as an argument, so tests run them on any day they choose.

export interface ScheduledJob {
  /** Names the job in logs and in `runScheduledJobs`' report. */
  name: string;
  /** How often the timer offers the job a turn. */
  everyMs: number;
  /** Does what is due at `now`; returns a short report (counts) for logs and tests. */
  run(now: Date): Promise<Record<string, number>>;
}

/** Runs each job once at `now`, one after another; a job that throws is reported, not fatal to the others. */
export async function runScheduledJobs(
  jobs: readonly ScheduledJob[],
  now: Date,
): Promise<Record<string, Record<string, number> | { error: string }>> {
  const report: Record<string, Record<string, number> | { error: string }> = {};
  for (const job of jobs) {
    try {
      report[job.name] = await job.run(now);
    } catch (error) {
      report[job.name] = { error: describeError(error) };
      log.error({ job: job.name, error: describeError(error) }, `Scheduled job ${job.name} failed: ${describeError(error)}`);
    }
  }
  return report;
}

const holder = globalThis as typeof globalThis & { __lenwellScheduler?: ReturnType<typeof setInterval>[] };

/**
 * Starts one timer per job in this process (Next may load this module more than once; the timers
 * are kept on globalThis so they start once). A job whose turn comes while it still runs waits.
 */
export function startScheduler(jobs: readonly ScheduledJob[], clock: () => Date = () => new Date()): void {
  if (holder.__lenwellScheduler) return;
  holder.__lenwellScheduler = jobs.map((job) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      job
        .run(clock())
        .catch((error: unknown) =>
          log.error({ job: job.name, error: describeError(error) }, `Scheduled job ${job.name} failed: ${describeError(error)}`),
        )
        .finally(() => {
          running = false;
        });
    }, job.everyMs);
    // Never keeps the process alive on its own.
    timer.unref();
    return timer;
  });
}

/** Stops the timers (tests; a shutting-down process). */
export function stopScheduler(): void {
  for (const timer of holder.__lenwellScheduler ?? []) clearInterval(timer);
  delete holder.__lenwellScheduler;
}
