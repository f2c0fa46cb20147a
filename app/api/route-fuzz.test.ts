// @vitest-environment node
import fc from "fast-check";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { RouteDeclaration } from "@/lib/server/http/handler";
import type { RouteMethod } from "@/lib/server/http/methods";
import { apiRoutesOf, loadRouteExports } from "@/test/support/api-routes";
import { callArbitrary, judge, toRequest, type Caller } from "@/test/support/fuzz/api-calls";
import { freshToken, makeFuzzWorld, type FuzzWorld } from "@/test/support/fuzz/fixtures";
import { fuzzSettings } from "@/test/support/fuzz/settings";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { log } from "@/lib/server/log";

// Property-based fuzzing of every route under app/api (found on disk, so a new route is fuzzed the
// day it lands), on both engines, as an anonymous caller, a customer and an operator. Each call is
// built from the route's own body and query schemas by test/support/fuzz: mostly well-formed, with
// real ids of this database, and hostile in one place or as a whole (types, sizes, unicode, NUL and
// control characters, injection strings, edge numbers, deep nesting, broken JSON and query strings).
// Whatever comes in, the answer is never a 5xx, always the envelope, and never names the insides.
//
// A fixed seed and bounded runs keep `npm test` repeatable and quick: 40 runs per route and caller
// are about 3,400 calls and 10 s per engine on a 2-core machine. FUZZ_RUNS raises the runs
// (FUZZ_RUNS=60 is about 5,000 calls per engine) and FUZZ_SEED picks another seed; the summary line
// prints the 5xx count either way.

// Next's data cache (what a visitor without a session is shown by search) needs a running server:
// its stand-in here, so those calls are fuzzed through the cache as they run in the shop.
vi.mock("next/cache", async () => (await import("@/test/support/next-data-cache")).nextCacheModule);

const settings = fuzzSettings;

const routes = apiRoutesOf(await loadRouteExports());
const CALLERS = ["anonymous", "customer", "operator"] as const;
type CallerName = (typeof CALLERS)[number];

interface FuzzCase {
  name: string;
  path: string;
  method: RouteMethod;
  declared: RouteDeclaration;
  caller: CallerName;
  runs: number;
  /** FUZZ_SEED plus the case's place in the list: each case its own sequence of calls, the same every run. */
  seed: number;
}

/** A caller the route refuses (401/403) gets fewer runs: the answer is the same whatever it sends. */
function isRefused(declared: RouteDeclaration, caller: CallerName): boolean {
  if (declared.auth === "none") return false;
  if (caller === "anonymous") return true;
  return declared.auth === "operator" && caller === "customer";
}

const cases: FuzzCase[] = routes
  .flatMap((route) =>
    route.handlers.flatMap(({ method, declared }) =>
      CALLERS.map((caller): Omit<FuzzCase, "seed"> => ({
        name: `${method} ${route.path} as ${caller}`,
        path: route.path,
        method,
        declared,
        caller,
        runs: isRefused(declared, caller) ? Math.max(3, Math.ceil(settings.FUZZ_RUNS / 6)) : settings.FUZZ_RUNS,
      })),
    ),
  )
  .map((fuzzCase, index) => ({ ...fuzzCase, seed: settings.FUZZ_SEED + index }));

describeEachEngine("fuzzed calls of every route, on $name", (engine) => {
  const db = databaseForSuite(engine);
  let world: FuzzWorld;
  const tally = { calls: 0, serverErrors: 0, problems: 0, byStatus: new Map<number, number>() };

  beforeAll(async () => {
    world = await makeFuzzWorld(db());
  }, 60_000);

  afterAll(() => {
    const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    console.log(
      `Route fuzz on ${engine.name}: ${tally.serverErrors} 5xx / ${tally.calls} requests, ${tally.problems} answers wrong ` +
        `(seed ${settings.FUZZ_SEED}, ${settings.FUZZ_RUNS} runs per route and caller; ${statuses.join(" ")})`,
    );
  });

  async function callerFor(name: CallerName): Promise<Caller> {
    if (name === "anonymous") return { name, token: null };
    return { name, token: await freshToken(name === "operator" ? world.operator : world.customer) };
  }

  it("has routes to fuzz", () => {
    expect(cases.length).toBeGreaterThan(90);
  });

  it.each(cases)(
    "$name never answers 5xx, always the envelope, never a stack trace or SQL",
    async ({ path, method, declared, caller: callerName, runs, seed }) => {
      const caller = await callerFor(callerName);
      const problems: string[] = [];
      // The handler logs what it did not expect; the answer is what this test judges.
      const logged = vi.spyOn(log, "error").mockImplementation(() => {});
      await fc.assert(
        fc.asyncProperty(callArbitrary(path, method, declared, caller, world.known), async (call) => {
          const verdict = await judge(call, await declared.handler(toRequest(call)));
          tally.calls += 1;
          tally.byStatus.set(verdict.status, (tally.byStatus.get(verdict.status) ?? 0) + 1);
          if (verdict.status >= 500) tally.serverErrors += 1;
          if (verdict.problem) {
            tally.problems += 1;
            problems.push(`${verdict.problem}\n  for ${JSON.stringify(call).slice(0, 600)}`);
          }
        }),
        { seed, numRuns: runs },
      );
      const unhandled = logged.mock.calls
        .map((args) => args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "))
        .filter((line) => line.includes("Unhandled API error"));
      logged.mockRestore();
      // Every wrong answer, not only the first, so one run shows the whole damage.
      expect({ problems, unhandled }).toEqual({ problems: [], unhandled: [] });
    },
    120_000,
  );
});
