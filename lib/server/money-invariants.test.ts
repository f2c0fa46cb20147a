// @vitest-environment node
import fc from "fast-check";
import { it } from "vitest";
import { moneyCommands, stepsNotOffered } from "@/test/support/money-model/commands";
import { moneyModelDatabase } from "@/test/support/money-model/database";
import { readMoneyModelSettings } from "@/test/support/money-model/settings";
import { newWorld, type RunStats } from "@/test/support/money-model/world";
import { describeEachEngine } from "@/test/support/test-engines";

// "Money that cannot leak": random histories of what customers, operators, the clock and the payment
// provider do, driven through the shop's service entry points, with the money ledger, the
// provider's record, stock, plans, every status change and the e-mails checked after every step
// (test/support/money-model). `npm test` runs a fixed seed and a few short histories per engine;
// `npm run test:money-model -- --runs 500 --seed <n>` runs many more, and a failing history is
// printed shrunk, step by step, with what broke.

const settings = readMoneyModelSettings();

describeEachEngine("money that cannot leak, on $name", (engine) => {
  const database = moneyModelDatabase(engine);

  it(
    "keeps refunds within what was paid, the provider's record, stock, plans, statuses and e-mails right after every step",
    async () => {
      const stats: RunStats = { histories: 0, steps: 0, refusals: 0, bankChecks: { passed: 0, failed: 0 } };
      const started = performance.now();
      const deadline = started + settings.timeLimitMs;
      let timedOut = 0;
      const property = fc.asyncProperty(
        fc.integer({ min: 0, max: 364 }),
        fc.commands(moneyCommands(settings.leaveOut), {
          maxCommands: settings.maxCommands,
          size: "max",
          ...(settings.replayPath ? { replayPath: settings.replayPath } : {}),
        }),
        async (startDay, commands) => {
          // Past the time limit the remaining histories, and the remaining tries at shrinking a failing
          // one, are skipped: the report then holds the shortest failing history found so far.
          // (fast-check's own time limit reads Date, which the histories move by years: see database.ts.)
          if (performance.now() > deadline) {
            timedOut += 1;
            fc.pre(false);
          }
          const world = await newWorld(database(), { startDay, skip: settings.skip, verbose: settings.verbose, stats });
          await fc.asyncModelRun(() => ({ model: world, real: world }), commands);
        },
      );
      const details = await fc.check(property, {
        seed: settings.seed,
        numRuns: settings.numRuns,
        ...(settings.path ? { path: settings.path } : {}),
        // Unbiased: fast-check otherwise starts with its smallest histories, and a bounded run has few.
        plugins: [fc.unbiased()],
      });
      const passed = details.failed ? details.numRuns - 1 : details.numRuns;
      const notOffered = stepsNotOffered();
      console.log(
        [
          `Money model on ${engine.name}: ${passed} ${passed === 1 ? "history" : "histories"} passed` +
            ` (seed ${settings.seed}, up to ${settings.maxCommands} steps each${timedOut > 0 ? `, ${timedOut} skipped at the time limit` : ""}),` +
            ` ${stats.histories} run in all with shrinking, ${stats.steps} steps, ${stats.refusals} refused,` +
            ` bank checks ${stats.bankChecks.passed} passed and ${stats.bankChecks.failed} failed,` +
            ` ${((performance.now() - started) / 1000).toFixed(1)} s.`,
          ...(settings.skip.size > 0 ? [`Invariants left out: ${[...settings.skip].join(", ")}.`] : []),
          ...(settings.leaveOut.size > 0 ? [`Steps left out: ${[...settings.leaveOut].join(", ")}.`] : []),
          ...notOffered.map((step) => `Not offered on this branch: ${step}.`),
        ].join("\n"),
      );
      if (details.failed) {
        // fast-check's report names the shrunk history's steps; the error under it prints what broke
        // and each step as it ran, with the records it aimed at and what the shop answered.
        const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(`${fc.defaultReportMessage(details)}\n\n${cause}`);
      }
    },
    settings.testTimeoutMs,
  );
});
