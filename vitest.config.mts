import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { SkipSummaryReporter } from "./test/support/skip-summary-reporter.ts";

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      // `server-only` throws unless resolved under the react-server condition; tests import
      // server modules directly, so point it at the package's own empty entry.
      { find: /^server-only$/, replacement: path.resolve("node_modules/server-only/empty.js") },
      { find: /^@\//, replacement: `${path.resolve(".")}/` },
    ],
  },
  test: {
    environment: "jsdom",
    // The server's info lines (one per sign-in, payment, request) would bury the run's own output;
    // warnings and errors still print. Tests that check a log line spy on the logger itself.
    env: { LOG_LEVEL: "warn" },
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", ".data/**", ".scratch/**"],
    setupFiles: ["./vitest.setup.ts"],
    // After Vitest's summary: which suites were skipped, and why (test/support/requirements.ts).
    reporters: ["default", new SkipSummaryReporter()],
    clearMocks: true,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
