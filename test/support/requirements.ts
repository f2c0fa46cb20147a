import { describe, it } from "vitest";
import { z } from "zod";
import { workerDatabase } from "./worker-databases";

// Some suites need a service of the machine that a plain `npm test` may not have: PostgreSQL for the
// races PGlite cannot show, Redis for limits shared between instances. Without it such a suite is
// skipped, never silently: the reason travels in the suite's meta, and skip-summary-reporter.ts
// prints every skipped suite with its reason at the end of the run. On CI a missing service is a
// broken setup (.ci/run provides both), so there the suite fails instead of skipping.

declare module "vitest" {
  interface TaskMeta {
    /** Why the suite cannot run here (describeIf); the skip summary prints it. */
    unmetRequirement?: string;
  }
}

/** Something a suite needs from the machine. */
export interface Requirement {
  /** What is missing, as the skip summary prints it; null when nothing is. */
  missing: string | null;
  /** .ci/run provides it: on CI its absence fails the suite instead of skipping it. */
  requiredOnCi: boolean;
}

const optionalUrl = (protocol: RegExp) => z.preprocess((value) => value || undefined, z.url({ protocol }).optional());

// The test run's own settings, read here and not in lib/config: the shop never reads them.
const settingsSchema = z.object({
  /** Set by CI services and by .ci/run ("true"); "0" and "false" count as unset. */
  CI: z.string().optional(),
  /** A PostgreSQL database the integration tests may fill (they run on PGlite in memory as well). */
  TEST_DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  /** A Redis the rate-limit tests may use (keys under a fresh prefix, removed afterwards). */
  TEST_REDIS_URL: optionalUrl(/^rediss?$/),
  /** Set by Vitest in each worker: 1 to maxWorkers. */
  VITEST_POOL_ID: z.coerce.number().int().positive().optional(),
});

function readSettings(source: Record<string, string | undefined>) {
  const parsed = settingsSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid test settings:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

const settings = readSettings(process.env);

export const onCi = settings.CI !== undefined && !["", "0", "false"].includes(settings.CI);
/** This worker's own PostgreSQL database (worker-databases.ts), or TEST_DATABASE_URL's outside Vitest's workers. */
export const testDatabaseUrl: string | null = settings.TEST_DATABASE_URL
  ? settings.VITEST_POOL_ID
    ? workerDatabase(settings.TEST_DATABASE_URL, settings.VITEST_POOL_ID).url
    : settings.TEST_DATABASE_URL
  : null;
export const testRedisUrl: string | null = settings.TEST_REDIS_URL ?? null;

export const needsPostgres: Requirement = {
  missing: testDatabaseUrl ? null : "TEST_DATABASE_URL is not set: no PostgreSQL to run on (.ci/run makes one)",
  requiredOnCi: true,
};

export const needsRedis: Requirement = {
  missing: testRedisUrl ? null : "TEST_REDIS_URL is not set: no Redis to share limits through (.ci/run starts one)",
  requiredOnCi: true,
};

/**
 * `describe(name, body)` when the requirement is met. Otherwise the suite is skipped with the reason
 * recorded for the summary (its tests still collected, so the counts show what did not run), or,
 * on CI for a requirement CI provides, replaced by one failing test that names what is missing.
 */
export function describeIf(requirement: Requirement, name: string, body: () => void): void {
  const { missing } = requirement;
  if (missing === null) {
    describe(name, body);
  } else if (requirement.requiredOnCi && onCi) {
    describe(name, { meta: { unmetRequirement: missing } }, () => {
      it("has what it needs to run", () => {
        throw new Error(`${missing}. On CI every suite must run; skipping this one would hide it.`);
      });
    });
  } else {
    // The body is not run at all: Vitest would run it to collect the tests it skips, and a body
    // that reaches for what is missing (a database URL to parse) would fail the file on collection.
    describe(name, { skip: true, meta: { unmetRequirement: missing } }, () => {
      it(`needs what is missing: ${missing}`, () => undefined);
    });
  }
}
