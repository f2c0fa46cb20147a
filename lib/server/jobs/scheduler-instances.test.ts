// @vitest-environment node
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { databaseForSuite, describeEachEngine, describeOnPostgres } from "@/test/support/test-engines";
import { startScheduler, stopScheduler, type ScheduledJob } from "./scheduler";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that takes `ms` to run and records each run's start. */
function slowJob(name: string, ms: number, everyMs = 20): { job: ScheduledJob; starts: number[]; ends: number[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  return {
    starts,
    ends,
    job: {
      name,
      everyMs,
      run: async () => {
        starts.push(Date.now());
        await sleep(ms);
        ends.push(Date.now());
        return { ran: 1 };
      },
    },
  };
}

describeOnPostgres("one job across instances (PostgreSQL advisory locks)", (engine) => {
  // Two handles with pools of their own: what two instances of the shop hold on one database.
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    [first, second] = await Promise.all([engine.open(), engine.open()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it("runs work on one instance at a time, and on another once it is done", async () => {
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(150);
      running -= 1;
      return "done";
    };
    const [a, b] = await Promise.all([first.exclusively("test:one-at-a-time", work), second.exclusively("test:one-at-a-time", work)]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(most).toBe(1);
    // Released: the other instance takes the next turn.
    await expect(second.exclusively("test:one-at-a-time", work)).resolves.toEqual({ ran: true, value: "done" });
    await expect(first.exclusively("test:one-at-a-time", work)).resolves.toEqual({ ran: true, value: "done" });
  });

  it("keeps different jobs apart", async () => {
    const results = await Promise.all([
      first.exclusively("test:job-a", async () => sleep(50).then(() => "a")),
      second.exclusively("test:job-b", async () => sleep(50).then(() => "b")),
    ]);
    expect(results).toEqual([
      { ran: true, value: "a" },
      { ran: true, value: "b" },
    ]);
  });

  it("releases the lock when the work fails", async () => {
    await expect(first.exclusively("test:failing", () => Promise.reject(new Error("mail server down")))).rejects.toThrow(
      "mail server down",
    );
    await expect(second.exclusively("test:failing", async () => "again")).resolves.toEqual({ ran: true, value: "again" });
  });

  it("frees the lock of an instance killed mid-job: its connection goes, and the lock with it", async () => {
    let release: () => void = () => undefined;
    const held = first.exclusively("test:killed", () => new Promise<string>((resolve) => (release = () => resolve("late"))));
    await sleep(100);
    await expect(second.exclusively("test:killed", async () => "taken")).resolves.toEqual({ ran: false });
    // What a SIGKILL does to the connection, as PostgreSQL sees it.
    await second.db.execute(
      sql.raw(
        "select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = (hashtextextended('test:killed', 0) & 4294967295)::oid and pid <> pg_backend_pid()",
      ),
    );
    await sleep(100);
    await expect(second.exclusively("test:killed", async () => "taken")).resolves.toEqual({ ran: true, value: "taken" });
    release();
    await held.catch(() => undefined);
  });
});

describeEachEngine("the job timers on $name", (engine) => {
  databaseForSuite(engine);

  afterAll(async () => {
    await stopScheduler();
  });

  it("runs a job on its timer, never two ticks at once, and waits for the running tick when stopped", async () => {
    const { job, starts, ends } = slowJob("test:timer", 120);
    startScheduler([job]);
    await sleep(300);
    await stopScheduler();
    const stoppedAt = Date.now();
    expect(starts.length).toBeGreaterThanOrEqual(1);
    // Every tick that began has ended by the time stopScheduler resolved.
    expect(ends).toHaveLength(starts.length);
    expect(Math.max(...ends)).toBeLessThanOrEqual(stoppedAt);
    for (let index = 1; index < starts.length; index += 1) {
      expect(starts[index]).toBeGreaterThanOrEqual(ends[index - 1] ?? Infinity);
    }
    await sleep(100);
    expect(starts).toHaveLength(ends.length);
  });
});

describe("stopping the timers when none were started", () => {
  it("resolves at once", async () => {
    await expect(stopScheduler()).resolves.toBeUndefined();
  });
});
