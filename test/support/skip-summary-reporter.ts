import { styleText } from "node:util";
import type { Reporter, TestModule, TestSuite, Vitest } from "vitest/node";

// Prints, after Vitest's own summary, every suite that did not run for want of something
// (describeIf in requirements.ts) and why, so that a run without PostgreSQL or Redis cannot pass
// for a full one. Skips without a recorded reason (it.skip, .only, a -t filter) are counted too.

interface UnrunSuite {
  title: string;
  /** For a skipped suite, how many of its tests did not run. */
  tests?: number;
}

type ByReason = Map<string, UnrunSuite[]>;

function add(byReason: ByReason, reason: string, suite: UnrunSuite): void {
  byReason.set(reason, [...(byReason.get(reason) ?? []), suite]);
}

/** The outermost suite that carries a reason: nested suites inherit their parent's meta. */
function ownsReason(suite: TestSuite): string | undefined {
  const reason = suite.meta().unmetRequirement;
  if (reason === undefined) return undefined;
  return suite.parent.type === "suite" && suite.parent.meta().unmetRequirement === reason ? undefined : reason;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export class SkipSummaryReporter implements Reporter {
  private vitest: Vitest | null = null;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped: ByReason = new Map();
    const failedOnCi: ByReason = new Map();
    let unexplained = 0;
    for (const testModule of testModules) {
      for (const suite of testModule.children.allSuites()) {
        const reason = ownsReason(suite);
        if (reason === undefined) continue;
        const title = `${testModule.relativeModuleId} > ${suite.fullName}`;
        const state = suite.state();
        if (state === "skipped") add(skipped, reason, { title, tests: [...suite.children.allTests("skipped")].length });
        else if (state === "failed") add(failedOnCi, reason, { title });
      }
      for (const test of testModule.children.allTests("skipped")) {
        if (test.meta().unmetRequirement === undefined) unexplained += 1;
      }
    }
    this.print(skipped, failedOnCi, unexplained);
  }

  // Formats go as arrays: Node 20 drops a single colour name when stdout is not a terminal, and the
  // summary should look like Vitest's own lines above it, which keep their colours in CI logs.
  private print(skipped: ByReason, failedOnCi: ByReason, unexplained: number): void {
    const lines: string[] = [""];
    const skippedCount = [...skipped.values()].flat().length;
    if (skippedCount === 0) {
      lines.push(styleText(["green"], " Skipped: no suites"));
    } else {
      const tests = [...skipped.values()].flat().reduce((sum, suite) => sum + (suite.tests ?? 0), 0);
      lines.push(styleText(["bold", "yellow"], ` Skipped: ${plural(skippedCount, "suite")} (${plural(tests, "test")}) did not run`));
      lines.push(...listByReason(skipped, "yellow"));
    }
    const failedCount = [...failedOnCi.values()].flat().length;
    if (failedCount > 0) {
      lines.push(styleText(["bold", "red"], ` Failed instead of skipped, since CI is set: ${plural(failedCount, "suite")}`));
      lines.push(...listByReason(failedOnCi, "red"));
    }
    if (unexplained > 0) {
      lines.push(
        styleText(
          ["yellow"],
          ` Also skipped, no reason recorded: ${plural(unexplained, "test")} (it.skip, describe.skip, .only or a -t filter)`,
        ),
      );
    }
    const output = lines.join("\n");
    if (this.vitest) this.vitest.logger.log(output);
    else console.log(output);
  }
}

function listByReason(byReason: ByReason, colour: "yellow" | "red"): string[] {
  const lines: string[] = [];
  for (const [reason, suites] of byReason) {
    lines.push(styleText([colour], `   ${reason}:`));
    for (const suite of suites.toSorted((a, b) => a.title.localeCompare(b.title))) {
      lines.push(`     ${suite.title}${suite.tests === undefined ? "" : ` (${plural(suite.tests, "test")})`}`);
    }
  }
  return lines;
}
