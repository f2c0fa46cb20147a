// @vitest-environment node
import { expect, it } from "vitest";
import { memberships } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { makeCustomer, makeProduct } from "@/test/support/shop";
import { operatorListPlans } from "./operator";

describeEachEngine("operator plan list on $name", (engine) => {
  const db = databaseForSuite(engine);
  const day = 24 * 60 * 60 * 1000;

  it("shows who holds which plan until when, with the status the dates give", async () => {
    const now = new Date();
    const who = await makeCustomer(db());
    const sku = await makeProduct(db(), { name: "Test care plan" });
    await db()
      .db.insert(memberships)
      .values([
        { userId: who.id, kind: "care", sku, startsAt: new Date(now.getTime() - 10 * day), endsAt: new Date(now.getTime() + 20 * day) },
        { userId: who.id, kind: "care", sku, startsAt: new Date(now.getTime() + 20 * day), endsAt: new Date(now.getTime() + 50 * day) },
        {
          userId: who.id,
          kind: "membership",
          sku,
          startsAt: new Date(now.getTime() - 50 * day),
          endsAt: new Date(now.getTime() - 20 * day),
        },
      ]);

    const mine = (await operatorListPlans({ role: "admin" }, undefined, now)).filter((plan) => plan.customerEmail === who.email);
    expect(mine.map(({ kind, status, planName }) => ({ kind, status, planName }))).toEqual([
      { kind: "care", status: "scheduled", planName: "Test care plan" },
      { kind: "care", status: "active", planName: "Test care plan" },
      { kind: "membership", status: "expired", planName: "Test care plan" },
    ]);
    const careOnly = await operatorListPlans({ role: "admin" }, "care", now);
    expect(careOnly.every((plan) => plan.kind === "care")).toBe(true);
    expect(careOnly.filter((plan) => plan.customerEmail === who.email)).toHaveLength(2);
    await expect(operatorListPlans({ role: "customer" })).rejects.toMatchObject({ code: 403 });
  });
});
