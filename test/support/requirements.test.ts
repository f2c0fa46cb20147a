// @vitest-environment node
import { expect, it } from "vitest";
import { describeIf, type Requirement } from "./requirements";

// A suite skipped for want of a service must not run its body: Vitest collects a skipped suite's
// tests by running it, and a body that parses the missing URL failed `npm run verify` on a machine
// with no PostgreSQL (the database refusals suite).
const missingService: Requirement = {
  missing: "nothing: skipped on purpose, to show that a skipped suite's body never runs (test/support/requirements.test.ts)",
  requiredOnCi: false,
};
let bodyRan = false;

describeIf(missingService, "a suite whose service is missing", () => {
  bodyRan = true;
  throw new Error("The body of a skipped suite ran");
});

it("skips a suite whose requirement is unmet without running its body", () => {
  expect(bodyRan).toBe(false);
});
