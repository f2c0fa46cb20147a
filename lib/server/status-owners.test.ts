// @vitest-environment node
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AFTER_SALE_STATUSES } from "@/lib/config/after-sale";
import { afterSaleRequests, MEMBERSHIP_STATUSES, memberships, orders, PURIFIER_VERIFICATIONS, purifiers } from "@/lib/db/schema";
import { AFTER_SALE_NEXT, moveAfterSale } from "@/lib/server/after-sale/status";
import { MEMBERSHIP_NEXT, moveMembership } from "@/lib/server/memberships/status";
import { movePurifierVerification, PURIFIER_VERIFICATION_NEXT } from "@/lib/server/purifiers/verification";
import { inTransaction } from "@/lib/server/transaction";
import { makeCustomer } from "@/test/support/shop";
import { databaseForSuite, describeOnPglite } from "@/test/support/test-engines";

// Orders, plans, after-sale requests and a purifier's verification each have one owner of their
// state: a table of the moves that may follow one another, and the one function that writes them
// (orders/status.ts, memberships/status.ts, after-sale/status.ts, purifiers/verification.ts). Two
// writers of one status are how a plan came to be refunded twice; these tests hold the rule in the
// sources and walk every move in the database.

/** Each table's state column, and the one file that may set it. */
const OWNERS: Record<string, { column: string; file: string }> = {
  orders: { column: "status", file: "lib/server/orders/status.ts" },
  memberships: { column: "status", file: "lib/server/memberships/status.ts" },
  afterSaleRequests: { column: "status", file: "lib/server/after-sale/status.ts" },
  purifiers: { column: "verification", file: "lib/server/purifiers/verification.ts" },
};

function serverSources(dir = "lib/server"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("who writes a status", () => {
  it("only the owner's file sets the status of an order, a plan or an after-sale request, or a purifier's verification", () => {
    const writers: string[] = [];
    for (const file of serverSources()) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/\.update\((\w+)\)([^;]*)/g)) {
        const [, table = "", statement = ""] = match;
        const owner = OWNERS[table];
        if (owner && file !== owner.file && new RegExp(`\\.set\\(\\{[^}]*\\b${owner.column}\\s*:`).test(statement)) {
          writers.push(`${file} writes ${table}.${owner.column}`);
        }
      }
    }
    expect(writers).toEqual([]);
  });

  it("finds the writers it looks for: the owners' own updates", () => {
    for (const [table, { column, file }] of Object.entries(OWNERS)) {
      const statements = [...readFileSync(file, "utf8").matchAll(/\.update\((\w+)\)([^;]*)/g)].filter(([, name]) => name === table);
      expect(
        statements.some(([, , statement = ""]) => new RegExp(`\\.set\\(\\{[^}]*\\b${column}\\s*:`).test(statement)),
        file,
      ).toBe(true);
    }
  });
});

describeOnPglite("every status move of a plan, an after-sale request and a purifier's verification", (engine) => {
  const db = databaseForSuite(engine);

  async function anOrder(userId: string): Promise<string> {
    const [order] = await db()
      .db.insert(orders)
      .values({ userId, status: "delivered", subtotalCents: 1500, totalCents: 1500 })
      .returning({ id: orders.id });
    if (!order) throw new Error("no order");
    return order.id;
  }

  it("moves a plan exactly along MEMBERSHIP_NEXT, and leaves it as it was otherwise", async () => {
    const { id: userId } = await makeCustomer(db());
    for (const from of MEMBERSHIP_STATUSES) {
      for (const to of MEMBERSHIP_STATUSES) {
        const [plan] = await db()
          .db.insert(memberships)
          .values({
            userId,
            kind: "membership",
            sku: "LW-MEM-M",
            status: from,
            startsAt: new Date(),
            endsAt: new Date(Date.now() + 86_400_000),
          })
          .returning({ id: memberships.id });
        if (!plan) throw new Error("no plan");
        const legal = MEMBERSHIP_NEXT[from].includes(to);
        const moved = inTransaction((tx) => moveMembership(tx, plan.id, to));
        if (legal) await expect(moved, `${from} → ${to}`).resolves.toMatchObject({ status: to });
        else await expect(moved, `${from} → ${to}`).rejects.toThrow(`cannot become ${to}`);
        const [after] = await db().db.select({ status: memberships.status }).from(memberships).where(eq(memberships.id, plan.id));
        expect(after?.status, `${from} → ${to}`).toBe(legal ? to : from);
      }
    }
  });

  it("moves an after-sale request exactly along AFTER_SALE_NEXT, and leaves it as it was otherwise", async () => {
    const { id: userId } = await makeCustomer(db());
    const orderId = await anOrder(userId);
    for (const from of AFTER_SALE_STATUSES) {
      for (const to of AFTER_SALE_STATUSES) {
        const [request] = await db()
          .db.insert(afterSaleRequests)
          .values({
            orderId,
            userId,
            sku: "LW-F1-PP",
            name: "Pre-filter",
            quantity: 1,
            type: "return",
            reason: "Defective",
            description: "Walks every move",
            status: from,
            refundCents: 1500,
          })
          .returning({ id: afterSaleRequests.id });
        if (!request) throw new Error("no request");
        const legal = AFTER_SALE_NEXT[from].includes(to);
        const moved = inTransaction((tx) => moveAfterSale(tx, request.id, to));
        if (legal) await expect(moved, `${from} → ${to}`).resolves.toMatchObject({ status: to });
        else await expect(moved, `${from} → ${to}`).rejects.toThrow(`cannot become ${to}`);
        const [after] = await db()
          .db.select({ status: afterSaleRequests.status })
          .from(afterSaleRequests)
          .where(eq(afterSaleRequests.id, request.id));
        expect(after?.status, `${from} → ${to}`).toBe(legal ? to : from);
      }
    }
  });
  it("moves a purifier's verification exactly along PURIFIER_VERIFICATION_NEXT, and leaves it as it was otherwise", async () => {
    const { id: userId } = await makeCustomer(db());
    for (const from of PURIFIER_VERIFICATIONS) {
      for (const to of PURIFIER_VERIFICATIONS) {
        const [purifier] = await db()
          .db.insert(purifiers)
          .values({
            userId,
            sku: "LW-RO600",
            source: "customer",
            purchasedOn: "2026-01-10",
            installedOn: "2026-01-10",
            verification: from,
            rejectReason: from === "rejected" ? "Walks every move" : null,
          })
          .returning({ id: purifiers.id });
        if (!purifier) throw new Error("no purifier");
        const legal = PURIFIER_VERIFICATION_NEXT[from].includes(to);
        const fields = to === "rejected" ? { rejectReason: "Walks every move" } : {};
        const moved = inTransaction((tx) => movePurifierVerification(tx, purifier.id, to, fields));
        if (legal) await expect(moved, `${from} → ${to}`).resolves.toMatchObject({ verification: to });
        else await expect(moved, `${from} → ${to}`).rejects.toThrow(`cannot become ${to}`);
        const [after] = await db()
          .db.select({ verification: purifiers.verification, rejectReason: purifiers.rejectReason })
          .from(purifiers)
          .where(eq(purifiers.id, purifier.id));
        expect(after?.verification, `${from} → ${to}`).toBe(legal ? to : from);
        // A reason belongs to a rejection only: any move away from "rejected" drops it.
        if (legal) expect(after?.rejectReason, `${from} → ${to}`).toBe(to === "rejected" ? "Walks every move" : null);
      }
    }
  });
});
