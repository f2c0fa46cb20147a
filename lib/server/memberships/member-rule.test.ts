// @vitest-environment node
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { memberships, type MembershipRow } from "@/lib/db/schema";
import { makeCustomer } from "@/test/support/shop";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { memberBenefitsAt, memberBenefitsUntil } from "./member-rule";

// Until when each member keeps the benefits, read from plan rows written for the test on
// 2026-11-27 at noon in Chicago (18:00 UTC, CST): the last shop day, or null while a plan renews.

const NOW = new Date("2026-11-27T18:00:00Z");
const at = (iso: string) => new Date(iso);

type Plan = Partial<MembershipRow> & Pick<MembershipRow, "startsAt" | "endsAt">;

describeEachEngine("how long the member's benefits last on $name", (engine) => {
  const database = databaseForSuite(engine);
  const users: Record<string, string> = {};
  // On PostgreSQL the worker's database outlives the suite: a renewing plan left behind would be
  // charged by another suite's renewal job.
  const written: string[] = [];

  async function holder(name: string, plans: Plan[]): Promise<void> {
    const { id } = await makeCustomer(database());
    users[name] = id;
    for (const plan of plans) {
      const [row] = await database()
        .db.insert(memberships)
        .values({ userId: id, kind: "membership", sku: "LW-MEM-M", status: "active", autoRenew: false, ...plan })
        .returning({ id: memberships.id });
      if (!row) throw new Error("no plan");
      written.push(row.id);
    }
  }

  const running = { startsAt: at("2026-10-20T18:00:00Z"), endsAt: at("2026-12-20T18:00:00Z") };
  const queued = { startsAt: running.endsAt, endsAt: at("2027-01-20T18:00:00Z") };

  beforeAll(async () => {
    await holder("ending", [running]);
    await holder("endingAtMidnight", [{ ...running, endsAt: at("2026-12-21T06:00:00Z") }]);
    await holder("renewing", [{ ...running, autoRenew: true }]);
    await holder("awaitingRenewal", [{ startsAt: at("2026-10-27T12:00:00Z"), endsAt: at("2026-11-27T12:00:00Z"), autoRenew: true }]);
    await holder("pastDue", [{ startsAt: at("2026-10-20T18:00:00Z"), endsAt: at("2026-11-20T18:00:00Z"), status: "past_due" }]);
    await holder("queued", [running, queued]);
    await holder("queuedTwice", [running, queued, { startsAt: queued.endsAt, endsAt: at("2027-02-20T18:00:00Z") }]);
    await holder("queuedRenewing", [running, { ...queued, autoRenew: true }]);
    await holder("queuedAfterAGap", [running, { startsAt: at("2026-12-25T18:00:00Z"), endsAt: at("2027-01-25T18:00:00Z") }]);
    await holder("lapsed", [{ startsAt: at("2026-09-20T18:00:00Z"), endsAt: at("2026-10-20T18:00:00Z"), status: "expired" }]);
    await holder("cancelled", [{ ...running, endsAt: at("2026-11-01T18:00:00Z"), status: "cancelled" }]);
    await holder("careOnly", [{ ...running, kind: "care", sku: "LW-CARE-2Y" }]);
  }, 60_000);

  afterAll(async () => {
    if (written.length > 0) await database().db.delete(memberships).where(inArray(memberships.id, written));
  });

  it("gives the last shop day of the periods paid for, a queued plan's included, or null while a plan renews", async () => {
    const until = await memberBenefitsUntil(database().db, NOW);
    const of = (name: string) => {
      const id = users[name];
      if (!id) throw new Error(`no ${name}`);
      return until.has(id) ? until.get(id) : "not a member";
    };
    expect(of("ending")).toBe("2026-12-20");
    // 06:00 UTC is midnight in Chicago: the benefits' last moment is on the day before.
    expect(of("endingAtMidnight")).toBe("2026-12-20");
    expect(of("renewing")).toBeNull();
    expect(of("awaitingRenewal")).toBeNull();
    expect(of("pastDue")).toBeNull();
    expect(of("queued")).toBe("2027-01-20");
    expect(of("queuedTwice")).toBe("2027-02-20");
    expect(of("queuedRenewing")).toBeNull();
    expect(of("queuedAfterAGap")).toBe("2026-12-20");
    expect(of("lapsed")).toBe("not a member");
    expect(of("cancelled")).toBe("not a member");
    expect(of("careOnly")).toBe("not a member");
  });

  it("answers for exactly the members of the benefits rule", async () => {
    const until = await memberBenefitsUntil(database().db, NOW);
    const members = await database().db.selectDistinct({ userId: memberships.userId }).from(memberships).where(memberBenefitsAt(NOW));
    expect(new Set(until.keys())).toEqual(new Set(members.map((row) => row.userId)));
  });
});
