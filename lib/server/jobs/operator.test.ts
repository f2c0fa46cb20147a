// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import type { UserRow } from "@/lib/db/schema";
import { AppError } from "@/lib/server/base/errors";
import type { ScheduledJob } from "./scheduler";

const settings = vi.hoisted(() => ({ SCHEDULE_TIME_TRAVEL: "off" as "on" | "off" }));
vi.mock("@/lib/config/env", () => ({ env: settings }));

const { runScheduledWorkNow, TIME_TRAVEL_OFF_MESSAGE } = await import("./operator");

const operator = { role: "admin" } as UserRow;
const customer = { role: "customer" } as UserRow;

function recordingJob(): { job: ScheduledJob; times: Date[] } {
  const times: Date[] = [];
  return {
    times,
    job: {
      name: "record",
      everyMs: 60_000,
      run: (now) => {
        times.push(now);
        return Promise.resolve({ ran: 1 });
      },
    },
  };
}

describe("running the scheduled work from the console", () => {
  it("runs every job now for an operator and refuses anyone else", async () => {
    const { job, times } = recordingJob();
    const before = Date.now();
    const result = await runScheduledWorkNow(operator, {}, [job]);
    expect(result.report).toEqual({ record: { ran: 1 } });
    expect(Date.parse(result.ranAt)).toBeGreaterThanOrEqual(before);
    await expect(runScheduledWorkNow(customer, {}, [job])).rejects.toMatchObject({ code: 403 });
    expect(times).toHaveLength(1);
  });

  it("moves the jobs' clock only on a server started with time travel on", async () => {
    const { job, times } = recordingJob();
    settings.SCHEDULE_TIME_TRAVEL = "off";
    const refused = await runScheduledWorkNow(operator, { at: "2028-02-15T06:00:00Z" }, [job]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 422, errors: [{ path: "at", message: TIME_TRAVEL_OFF_MESSAGE }] });
    expect(times).toEqual([]);

    settings.SCHEDULE_TIME_TRAVEL = "on";
    const result = await runScheduledWorkNow(operator, { at: "2028-02-15T00:30:00-06:00" }, [job]);
    expect(result.ranAt).toBe("2028-02-15T06:30:00.000Z");
    expect(times).toEqual([new Date("2028-02-15T06:30:00Z")]);
  });
});
