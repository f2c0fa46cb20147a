import { rm } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { makePgliteTemplate, PGLITE_TEMPLATE_KEY } from "./pglite-template";
import { dropDatabase, recreateDatabase, workerDatabase } from "./worker-databases";

// Before the run: the embedded template database every PGlite suite copies (pglite-template.ts),
// and a fresh PostgreSQL database per Vitest worker (worker-databases.ts). After it: none of them
// left behind. Without TEST_DATABASE_URL the PostgreSQL suites skip and need no databases.

const baseUrl = process.env.TEST_DATABASE_URL || null;

function workerNames(project: TestProject): string[] {
  const workers = Number(project.config.maxWorkers) || 1;
  return Array.from({ length: workers }, (_, index) => workerDatabase(baseUrl ?? "", index + 1).name);
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { scratch, template } = await makePgliteTemplate();
  project.provide(PGLITE_TEMPLATE_KEY, template);

  const names = baseUrl ? workerNames(project) : [];
  for (const name of names) await recreateDatabase(baseUrl ?? "", name);
  return async () => {
    for (const name of names) await dropDatabase(baseUrl ?? "", name);
    await rm(scratch, { recursive: true, force: true });
  };
}
