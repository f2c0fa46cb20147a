// Applies the committed migrations to the configured database (DATABASE_URL, else PGLITE_DIR).
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase } from "@/lib/db/client";

const settings = { ...readDatabaseSettings(), seedDemoData: false };
const handle = await openDatabase(settings);
await handle.close();
console.log(`Migrations applied (${settings.engine === "postgres" ? "PostgreSQL" : `PGlite at ${settings.pgliteDir}`}).`);
