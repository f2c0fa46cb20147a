// Adds the demo accounts to the configured database; rows that exist are left alone.
import { readDatabaseSettings } from "@/lib/config/database";
import { openDatabase } from "@/lib/db/client";
import { seedDatabase } from "@/lib/db/seed";

const settings = { ...readDatabaseSettings(), seedDemoData: false };
const handle = await openDatabase(settings);
try {
  const { created } = await seedDatabase(handle.db);
  console.log(created.length ? `Created: ${created.join(", ")}` : "Demo data already present.");
} finally {
  await handle.close();
}
