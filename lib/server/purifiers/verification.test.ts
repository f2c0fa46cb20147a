// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isVouched, PURIFIER_VERIFICATIONS, VOUCHED_VERIFICATIONS } from "@/lib/config/purifiers";
import { canAttachProof, canReject, canVerify, PURIFIER_VERIFICATION_NEXT } from "./verification";

// The table of a purifier's verification (docs/decisions/0040), as rules a reader can check: what
// the shop vouches for stays vouched for, an operator verifies only from a proof, and only the shop's
// own delivery vouches for a purifier without one. Every move is walked in the database by
// lib/server/status-owners.test.ts.

describe("a purifier's verification", () => {
  it("lists every state, and only states", () => {
    expect(Object.keys(PURIFIER_VERIFICATION_NEXT).sort()).toEqual([...PURIFIER_VERIFICATIONS].sort());
    for (const next of Object.values(PURIFIER_VERIFICATION_NEXT)) {
      for (const to of next) expect(PURIFIER_VERIFICATIONS).toContain(to);
    }
  });

  it("never leaves what the shop vouches for: shipped and verified are for good", () => {
    expect([...VOUCHED_VERIFICATIONS].sort()).toEqual(["shipped", "verified"]);
    for (const state of VOUCHED_VERIFICATIONS) expect(PURIFIER_VERIFICATION_NEXT[state], state).toEqual([]);
  });

  it("reaches a vouched state only by an operator's verification of a proof, or by the shop's own delivery", () => {
    const into = (to: string) => PURIFIER_VERIFICATIONS.filter((from) => PURIFIER_VERIFICATION_NEXT[from].includes(to as never));
    expect(into("verified")).toEqual(["in_review"]);
    expect(into("shipped").sort()).toEqual(["awaiting_proof", "in_review", "rejected"]);
    // A customer's purifier is born awaiting proof; nothing moves back there.
    expect(into("awaiting_proof")).toEqual([]);
    expect(into("in_review").sort()).toEqual(["awaiting_proof", "in_review", "rejected"]);
    expect(into("rejected").sort()).toEqual(["awaiting_proof", "in_review"]);
  });

  it("says what the customer and the operator may do in each state", () => {
    const rules = Object.fromEntries(
      PURIFIER_VERIFICATIONS.map((state) => [
        state,
        { vouched: isVouched(state), attachProof: canAttachProof(state), verify: canVerify(state), reject: canReject(state) },
      ]),
    );
    expect(rules).toEqual({
      shipped: { vouched: true, attachProof: false, verify: false, reject: false },
      awaiting_proof: { vouched: false, attachProof: true, verify: false, reject: true },
      in_review: { vouched: false, attachProof: true, verify: true, reject: true },
      verified: { vouched: true, attachProof: false, verify: false, reject: false },
      rejected: { vouched: false, attachProof: true, verify: false, reject: false },
    });
  });
});
