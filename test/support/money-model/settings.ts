import { z } from "zod";

// How long the money model runs. `npm test` runs a fixed seed and six histories of up to 60
// steps (the defaults below: about 120 steps per engine, some 15 s each on a busy machine, a
// failing history shrunk within a minute); `npm run test:money-model` passes these variables
// (scripts/money-model.ts) to run many more, or to replay one failing history. Histories have
// fewer steps than generated: a step that needs a record nobody has made yet is not taken.

export const INVARIANT_NAMES = ["ledger", "provider", "stock", "plans", "transitions", "mail"] as const;
export type InvariantName = (typeof INVARIANT_NAMES)[number];

/** The kinds of step a history is made of (test/support/money-model/commands.ts). */
export const STEP_NAMES = [
  "goes-on",
  "works-queue",
  "add-to-cart",
  "checkout",
  "buy-now",
  "pay",
  "check-payment",
  "bank-check",
  "cancel-order",
  "edit-order",
  "apply-after-sale",
  "send-back",
  "withdraw-after-sale",
  "decide-after-sale",
  "ship",
  "deliver",
  "admin-cancel-order",
  "register-purifier",
  "cancel-membership",
  "admin-cancel-membership",
  "renewal-card",
  "cancel-care-plan",
  "clock",
  "dashboard-refund",
  "dispute",
  "dispute-closed",
  "refund-failed",
  "replay",
  "charge-event",
] as const;
export type StepName = (typeof STEP_NAMES)[number];

export interface MoneyModelSettings {
  seed: number;
  /** Histories per engine. */
  numRuns: number;
  /** Steps per history at most. */
  maxCommands: number;
  /** fast-check's path of a failing history (its report prints it with the seed), to run that one again. */
  path: string | null;
  /** The commands' own replay path (the report prints it as replayPath in the history), with `path`. */
  replayPath: string | null;
  /** Invariants not checked: to see what else fails behind one that is known to. */
  skip: ReadonlySet<InvariantName>;
  /** Kinds of step histories are not made of: to see what else fails behind a history that is known to. */
  leaveOut: ReadonlySet<StepName>;
  /** All histories and the shrinking of a failing one stop after this long; the best history so far is reported. */
  timeLimitMs: number;
  /** The test's own timeout: a little more than the time limit. */
  testTimeoutMs: number;
  /** Print every history's steps as they run (the script's --verbose). */
  verbose: boolean;
}

const number = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  MONEY_MODEL_SEED: z.coerce.number().int().default(20_261_126),
  MONEY_MODEL_RUNS: number(6),
  MONEY_MODEL_MAX_COMMANDS: number(60),
  MONEY_MODEL_PATH: z.string().min(1).optional(),
  MONEY_MODEL_REPLAY_PATH: z.string().min(1).optional(),
  MONEY_MODEL_SKIP: z.string().default(""),
  MONEY_MODEL_LEAVE_OUT: z.string().default(""),
  MONEY_MODEL_TIME_LIMIT_MS: number(60_000),
  MONEY_MODEL_VERBOSE: z.enum(["0", "1"]).default("0"),
});

/** The names of a comma-separated list, each one of `known`. */
function namesIn<T extends string>(variable: string, text: string, known: readonly T[]): Set<T> {
  const names = new Set<T>();
  for (const part of text.split(",").map((piece) => piece.trim())) {
    if (part === "") continue;
    const name = known.find((candidate) => candidate === part);
    if (!name) throw new Error(`${variable}: no "${part}" (known: ${known.join(", ")})`);
    names.add(name);
  }
  return names;
}

export function readMoneyModelSettings(source: Record<string, string | undefined> = process.env): MoneyModelSettings {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(
      `Invalid money model settings: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`,
    );
  }
  const value = parsed.data;
  const skip = namesIn("MONEY_MODEL_SKIP", value.MONEY_MODEL_SKIP, INVARIANT_NAMES);
  const leaveOut = namesIn("MONEY_MODEL_LEAVE_OUT", value.MONEY_MODEL_LEAVE_OUT, STEP_NAMES);
  return {
    seed: value.MONEY_MODEL_SEED,
    numRuns: value.MONEY_MODEL_RUNS,
    maxCommands: value.MONEY_MODEL_MAX_COMMANDS,
    path: value.MONEY_MODEL_PATH ?? null,
    replayPath: value.MONEY_MODEL_REPLAY_PATH ?? null,
    skip,
    leaveOut,
    timeLimitMs: value.MONEY_MODEL_TIME_LIMIT_MS,
    testTimeoutMs: value.MONEY_MODEL_TIME_LIMIT_MS + 120_000,
    verbose: value.MONEY_MODEL_VERBOSE === "1",
  };
}
