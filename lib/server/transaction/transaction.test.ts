import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { products } from "@/lib/db/schema";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { afterCommit, inTransaction } from "./index";
import { log } from "@/lib/server/log";

// What follows a commit runs only after it, in order, and never for a transaction that rolled back;
// a failing effect never undoes the committed work unless the caller's answer depends on it.

describeEachEngine("inTransaction on $name", (engine) => {
  const handle = databaseForSuite(engine);
  const SKU = "LW-ACC-TDS";
  const stockOf = async () => (await handle().db.select({ stock: products.stock }).from(products).where(eq(products.sku, SKU)))[0]?.stock;

  it("runs the effects after the commit, in the order they were registered", async () => {
    const seen: string[] = [];
    const before = await stockOf();
    const answer = await inTransaction(async (tx) => {
      await tx.update(products).set({ stock: 77 }).where(eq(products.sku, SKU));
      afterCommit(tx, { label: "first", run: async () => void seen.push(`first saw ${await stockOf()}`) });
      afterCommit(tx, { label: "second", run: () => void seen.push("second") });
      expect(seen).toEqual([]);
      return "done";
    });
    expect(answer).toBe("done");
    expect(seen).toEqual(["first saw 77", "second"]);
    await handle()
      .db.update(products)
      .set({ stock: before ?? 0 })
      .where(eq(products.sku, SKU));
  });

  it("runs nothing when the transaction rolls back, and keeps nothing it wrote", async () => {
    const run = vi.fn();
    const before = await stockOf();
    await expect(
      inTransaction(async (tx) => {
        await tx.update(products).set({ stock: 1 }).where(eq(products.sku, SKU));
        afterCommit(tx, { label: "never", run });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(run).not.toHaveBeenCalled();
    expect(await stockOf()).toBe(before);
  });

  it("logs a failed effect and still answers, since the work is committed", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const later = vi.fn();
    const answer = await inTransaction(async (tx) => {
      afterCommit(tx, { label: "the welcome e-mail", run: () => Promise.reject(new Error("SMTP down")) });
      afterCommit(tx, { label: "later", run: later });
      return 42;
    });
    expect(answer).toBe(42);
    expect(later).toHaveBeenCalledOnce();
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ effect: "the welcome e-mail" }),
      expect.stringMatching(/^After commit, the welcome e-mail failed: Error: SMTP down\n {2}at /),
    );
  });

  it("refuses an effect on a transaction it did not open", async () => {
    await expect(
      handle().db.transaction(async (tx) => {
        afterCommit(tx, { label: "stray", run: () => undefined });
      }),
    ).rejects.toThrow("afterCommit(stray): the transaction was not opened by inTransaction");
  });
});
