import { defineConfig } from "drizzle-kit";

// `npm run db:generate` turns schema changes into a new SQL migration in lib/db/migrations.
// The same committed SQL is applied to PGlite and PostgreSQL by lib/db/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./lib/db/migrations",
  strict: true,
  verbose: true,
});
