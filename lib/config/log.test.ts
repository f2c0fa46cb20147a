// @vitest-environment node
import { describe, expect, it } from "vitest";
import { readLogLevel } from "./log";

// lib/db and the db scripts read LOG_LEVEL here, outside env.ts: the same values, the same refusal.
describe("readLogLevel", () => {
  it("is info when unset or empty", () => {
    expect(readLogLevel({})).toBe("info");
    expect(readLogLevel({ LOG_LEVEL: "" })).toBe("info");
  });

  it("takes a level and refuses anything else", () => {
    expect(readLogLevel({ LOG_LEVEL: "debug" })).toBe("debug");
    expect(() => readLogLevel({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL: must be one of fatal, error/);
  });
});
