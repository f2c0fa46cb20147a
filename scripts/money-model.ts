// The money model (lib/server/money-invariants.test.ts) run longer than `npm test` runs it:
//
//   npm run test:money-model -- --runs 500 --seed 42
//   npm run test:money-model -- --runs 200 --skip ledger --leave-out cancel-order --engine pglite
//   npm run test:money-model -- --seed 42 --path "31:4:7" --replay-path "BAACBJA/F:qG"   (one failing history again)
//
// It runs Vitest on that one file with the settings in the environment (test/support/money-model/
// settings.ts reads them). Vitest prints, per engine, how many histories passed and, for a failure,
// fast-check's shrunk history with the step-by-step account of what the shop answered and what broke.
// PostgreSQL runs too when TEST_DATABASE_URL is set, in a database of the model's own.
import { spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";

const INVARIANTS = ["ledger", "provider", "stock", "plans", "transitions", "mail"];

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "100" },
    seed: { type: "string" },
    "max-commands": { type: "string", default: "60" },
    path: { type: "string" },
    "replay-path": { type: "string" },
    skip: { type: "string", default: "" },
    "leave-out": { type: "string", default: "" },
    "time-limit": { type: "string", default: "1800" },
    engine: { type: "string" },
    verbose: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log(`Usage: npm run test:money-model -- [options]
  --runs N           histories per engine (100)
  --seed N           fast-check's seed (a new one each time by default; the report prints it)
  --max-commands N   steps per history at most (60)
  --path P           with --seed: run the failing history fast-check's report names (its "path")
  --replay-path P    with --path: the history's own replay path (replayPath in the report)
  --skip a,b         invariants not checked: ${INVARIANTS.join(", ")}
  --leave-out a,b    kinds of step not taken (cancel-order, admin-cancel-order, clock, …: STEP_NAMES in
                     test/support/money-model/settings.ts), to see what fails behind a known failure
  --time-limit S     seconds before the runs, and the shrinking of a failure, stop (1800)
  --engine E         pglite or postgres only (both by default; postgres needs TEST_DATABASE_URL)
  --verbose          print every step of every history as it runs`);
  process.exit(0);
}

function whole(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    console.error(`--${name} takes a whole number, not "${value}"`);
    process.exit(2);
  }
  return value;
}

for (const name of values.skip.split(",").filter((part) => part !== "")) {
  if (!INVARIANTS.includes(name)) {
    console.error(`--skip: no invariant "${name}" (known: ${INVARIANTS.join(", ")})`);
    process.exit(2);
  }
}
if (values.engine !== undefined && values.engine !== "pglite" && values.engine !== "postgres") {
  console.error(`--engine is pglite or postgres, not "${values.engine}"`);
  process.exit(2);
}

const seed = whole("seed", values.seed) ?? String(Math.floor(Math.random() * 2 ** 31));
const timeLimitSeconds = Number(whole("time-limit", values["time-limit"]));
const settings: Record<string, string> = {
  MONEY_MODEL_SEED: seed,
  MONEY_MODEL_RUNS: whole("runs", values.runs) ?? "100",
  MONEY_MODEL_MAX_COMMANDS: whole("max-commands", values["max-commands"]) ?? "60",
  MONEY_MODEL_SKIP: values.skip,
  MONEY_MODEL_LEAVE_OUT: values["leave-out"],
  MONEY_MODEL_TIME_LIMIT_MS: String(timeLimitSeconds * 1000),
  MONEY_MODEL_VERBOSE: values.verbose ? "1" : "0",
};
if (values.path) settings.MONEY_MODEL_PATH = values.path;
if (values["replay-path"]) settings.MONEY_MODEL_REPLAY_PATH = values["replay-path"];

console.log(
  `Money model: seed ${seed}, ${settings.MONEY_MODEL_RUNS} histories per engine of up to ${settings.MONEY_MODEL_MAX_COMMANDS} steps.`,
);
const vitest = path.resolve("node_modules/.bin/vitest");
const args = ["run", "lib/server/money-invariants.test.ts", ...(values.engine ? ["-t", `on ${values.engine}`] : [])];
const child = spawn(vitest, args, { stdio: "inherit", env: { ...process.env, ...settings } });
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
