import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { SkipSummaryReporter } from "./test/support/skip-summary-reporter.ts";

// Each test file runs in a process of its own that lives a few seconds: too short for V8's
// optimizing compilers to repay their work. Measured on the unit tests (2 cores): the embedded
// database's WebAssembly kept at its first tier (--liftoff-only) and JavaScript optimized only
// where it is eight times hotter than V8's default asks (--interrupt-budget) took about a third
// less CPU, and the suites that hash and solve puzzles in loops still get their loops optimized.
// V8's flags are not Node's API: a Node whose V8 does not know them runs the tests without them.
const FAST_START_FLAGS = ["--liftoff-only", "--interrupt-budget=540672"];
const fastStartFlags = spawnSync(process.execPath, [...FAST_START_FLAGS, "-e", ""]).status === 0 ? FAST_START_FLAGS : [];

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
    // Most suites are the server's; a suite that needs a DOM says so in its first line
    // (`// @vitest-environment jsdom`): jsdom costs about a second per file to set up.
    environment: "node",
    // The server's info lines (one per sign-in, payment, request) would bury the run's own output;
    // warnings and errors still print. Tests that check a log line spy on the logger itself.
    env: { LOG_LEVEL: "warn" },
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", ".data/**", ".scratch/**"],
    setupFiles: ["./vitest.setup.ts"],
    // Vitest's default leaves one core to itself, which on a 2-core machine is one worker: the
    // suites spend much of their time waiting on PostgreSQL and PGlite, so two run side by side.
    // At most four: each PostgreSQL suite opens a pool of 20, and the server takes 100 by default.
    maxWorkers: Math.min(4, Math.max(2, availableParallelism())),
    // Two workers share two cores with the database servers: a test that takes 2 s alone can take
    // more than Vitest's 5 s default when both workers are busy. A hung test still fails, later.
    testTimeout: 15_000,
    execArgv: fastStartFlags,
    // A PostgreSQL database per worker (test/support/worker-databases.ts), made fresh here.
    globalSetup: ["./test/support/global-setup.ts"],
    // After Vitest's summary: which suites were skipped, and why (test/support/requirements.ts).
    reporters: ["default", new SkipSummaryReporter()],
    clearMocks: true,
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
  },
});
