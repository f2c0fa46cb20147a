import "server-only";
import { getDatabase } from "@/lib/db/client";
import { describeError } from "@/lib/server/base/error-log";
import { log } from "@/lib/server/log";

// The shop's scheduled work (filter shipments, renewals, reminders, unpaid orders expiring) runs from
// one timer per job in each process. With several instances on one PostgreSQL, a tick runs only
// where the job's advisory lock is free (getDatabase().exclusively), so the work runs once across
// instances instead of racing; and every job still claims each item it acts on with a unique key or
// a conditional UPDATE, so an item is acted on once even when an operator's "run now" meets a timer.
// A process killed mid-job loses its connection and with it the lock; what the job had not
// committed rolls back and the next tick on any instance does it. Jobs take the time as an
// argument, so tests run them on any day they choose.

export interface ScheduledJob {
  /** Names the job in logs and in `runScheduledJobs`' report. */
  name: string;
  /** How often the timer offers the job a turn. */
  everyMs: number;
  /** Does what is due at `now`; returns a short report (counts) for logs and tests. */
  run(now: Date): Promise<Record<string, number>>;
}

function reportFailure(job: ScheduledJob, error: unknown): void {
  log.error({ job: job.name, error: describeError(error) }, `Scheduled job ${job.name} failed: ${describeError(error)}`);
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
      reportFailure(job, error);
    }
  }
  return report;
}

interface SchedulerState {
  timers: ReturnType<typeof setInterval>[];
  /** The ticks running now, which a shutdown waits for. */
  running: Set<Promise<void>>;
}

const holder = globalThis as typeof globalThis & { __lenwellScheduler?: SchedulerState };

/** Runs `job` at `clock()` unless another instance is running it now; a failure is logged, never thrown. */
async function tick(job: ScheduledJob, clock: () => Date): Promise<void> {
  try {
    const { exclusively } = await getDatabase();
    await exclusively(`lenwell:job:${job.name}`, () => job.run(clock()));
  } catch (error) {
    reportFailure(job, error);
  }
}

/**
 * Starts one timer per job in this process (Next may load this module more than once; the timers
 * are kept on globalThis so they start once). A job whose turn comes while it still runs waits.
 */
export function startScheduler(jobs: readonly ScheduledJob[], clock: () => Date = () => new Date()): void {
  if (holder.__lenwellScheduler) return;
  const state: SchedulerState = { timers: [], running: new Set() };
  holder.__lenwellScheduler = state;
  state.timers = jobs.map((job) => {
    let current: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (current) return;
      const run = tick(job, clock).finally(() => {
        state.running.delete(run);
        current = null;
      });
      current = run;
      state.running.add(run);
    }, job.everyMs);
    // Never keeps the process alive on its own.
    timer.unref();
    return timer;
  });
}

/** Stops the timers and waits for the ticks that are running (a shutting-down process; tests). */
export async function stopScheduler(): Promise<void> {
  const state = holder.__lenwellScheduler;
  if (!state) return;
  for (const timer of state.timers) clearInterval(timer);
  delete holder.__lenwellScheduler;
  await Promise.all(state.running);
}
