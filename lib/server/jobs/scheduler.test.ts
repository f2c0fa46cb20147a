import { describe, expect, it, vi } from "vitest";
import { runScheduledJobs, type ScheduledJob } from "./scheduler";
import { log } from "@/lib/server/log";

describe("runScheduledJobs", () => {
  it("runs every job at the given time and reports a failing job without stopping the others", async () => {
    const at = new Date("2028-02-29T18:00:00Z");
    const seen: Date[] = [];
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const jobs: ScheduledJob[] = [
      { name: "broken", everyMs: 1000, run: () => Promise.reject(new Error("database went away")) },
      {
        name: "counts",
        everyMs: 1000,
        run: (now) => {
          seen.push(now);
          return Promise.resolve({ done: 2 });
        },
      },
    ];
    const report = await runScheduledJobs(jobs, at);
    expect(report).toEqual({ broken: { error: expect.stringContaining("database went away") }, counts: { done: 2 } });
    expect(seen).toEqual([at]);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: "broken" }), expect.stringContaining("Scheduled job broken failed"));
    error.mockRestore();
  });
});
