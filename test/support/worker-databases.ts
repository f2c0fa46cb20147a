import { postgresAdminQuery } from "@/scripts/bench/shop-server";

// Vitest runs test files on more than one worker at once (vitest.config.mts). On PostgreSQL each
// worker gets a database of its own, a sibling of TEST_DATABASE_URL's: suites count stock, sweep
// expired orders and drain the mail outbox across the whole database, and must not do it under
// another file's feet. Within a worker, files still run one after another, as they always did.
// global-setup.ts makes the siblings fresh before the run and drops them after it.

/** A sibling of `baseUrl`'s database, named with `suffix` (unquoted: letters, digits, underscores, 63 at most). */
export function siblingDatabase(baseUrl: string, suffix: string): { name: string; url: string } {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1).replace(/\W/g, "_")}_${suffix}`.slice(0, 63).toLowerCase();
  url.pathname = `/${name}`;
  return { name, url: url.href };
}

/** The database of Vitest worker `poolId` (1 to maxWorkers). */
export function workerDatabase(baseUrl: string, poolId: number): { name: string; url: string } {
  return siblingDatabase(baseUrl, `w${poolId}`);
}

/** Makes `name` anew beside `baseUrl`'s database, dropping what a crashed run may have left. */
export async function recreateDatabase(baseUrl: string, name: string): Promise<void> {
  await dropDatabase(baseUrl, name);
  await postgresAdminQuery(baseUrl, `create database ${name}`);
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await postgresAdminQuery(baseUrl, `drop database if exists ${name} with (force)`);
}
