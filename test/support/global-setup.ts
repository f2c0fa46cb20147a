import type { TestProject } from "vitest/node";
import { dropDatabase, recreateDatabase, workerDatabase } from "./worker-databases";

// Before the run, a fresh PostgreSQL database per Vitest worker (worker-databases.ts); after it,
// none left behind. Without TEST_DATABASE_URL the PostgreSQL suites skip and there is nothing to do.

const baseUrl = process.env.TEST_DATABASE_URL || null;

function workerNames(project: TestProject): string[] {
  const workers = Number(project.config.maxWorkers) || 1;
  return Array.from({ length: workers }, (_, index) => workerDatabase(baseUrl ?? "", index + 1).name);
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!baseUrl) return async () => {};
  const names = workerNames(project);
  for (const name of names) await recreateDatabase(baseUrl, name);
  return async () => {
    for (const name of names) await dropDatabase(baseUrl, name);
  };
}
