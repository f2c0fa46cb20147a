import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { drizzle } from "drizzle-orm/pglite";
import { newPglite } from "@/lib/db/pglite";
import { migratePgliteDatabase } from "@/lib/db/migrate";
import * as schema from "@/lib/db/schema";
import { seedDatabase } from "@/lib/db/seed";

// The embedded database every PGlite suite starts from: migrated and seeded with the demo data.
// Making one (initdb, migrations, seed) takes seconds. Vitest runs each test file in a process of
// its own, so global-setup.ts makes the template once per run, as a data folder, and each suite
// opens a copy of that folder. A copy (`cp -a`, about 60 ms) that PGlite opens in place reads only
// the pages a suite touches; loading PGlite's dump of the same files (`loadDataDir`) unpacks all of
// its 40 MB into memory first, about half a second more for every suite. On a machine with
// /dev/shm the folders live there, in memory.

/** The `provide` key under which global-setup.ts passes the template's folder to the suites. */
export const PGLITE_TEMPLATE_KEY = "pgliteTemplateFolder";

declare module "vitest" {
  export interface ProvidedContext {
    [PGLITE_TEMPLATE_KEY]: string;
  }
}

const run = promisify(execFile);

/**
 * A migrated, seeded embedded database, closed, in a new scratch folder (in memory where the machine
 * offers /dev/shm): `template` is its data folder; the suites' copies go beside it in `scratch`, so
 * removing `scratch` removes any copy a killed worker left behind.
 */
export async function makePgliteTemplate(): Promise<{ scratch: string; template: string }> {
  const scratch = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "lenwell-pglite-"));
  const template = path.join(scratch, "template");
  const client = newPglite(template);
  try {
    await migratePgliteDatabase(client);
    await seedDatabase(drizzle(client, { schema }));
  } finally {
    await client.close();
  }
  return { scratch, template };
}

/** A copy of the template's folder beside it, for one suite to open and change; removeCopy deletes it. */
export async function copyTemplate(template: string): Promise<string> {
  const copy = `${template}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  await run("cp", ["-a", template, copy]);
  return copy;
}

export function removeCopy(copy: string): Promise<void> {
  return rm(copy, { recursive: true, force: true });
}
