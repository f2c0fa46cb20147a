import { drizzle } from "drizzle-orm/pglite";
import { newPglite } from "@/lib/db/pglite";
import { migratePgliteDatabase } from "@/lib/db/migrate";
import * as schema from "@/lib/db/schema";
import { seedDatabase } from "@/lib/db/seed";

// The embedded database every PGlite suite starts from: migrated and seeded with the demo data.
// Making one (initdb, migrations, seed) takes about two seconds; loading the files of one made
// earlier, a fifth of that. Vitest runs each test file in a fresh module graph, so a template kept
// in a module would be made again for every file: global-setup.ts makes it once per run and hands
// the suites the path of its files.

/** The `provide` key under which global-setup.ts passes the template's file to the suites. */
export const PGLITE_TEMPLATE_KEY = "pgliteTemplateFile";

declare module "vitest" {
  export interface ProvidedContext {
    [PGLITE_TEMPLATE_KEY]: string;
  }
}

/** A migrated, seeded embedded database, as the files PGlite's `loadDataDir` takes. */
export async function makePgliteTemplate(): Promise<Blob> {
  const client = newPglite();
  try {
    await migratePgliteDatabase(client);
    await seedDatabase(drizzle(client, { schema }));
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}
