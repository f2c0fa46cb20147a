// @vitest-environment node
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inTransaction } from "@/lib/server/transaction";
import { databaseForSuite, describeEachEngine } from "@/test/support/test-engines";
import { preparedRows, preparedStatement } from "./prepared";

// A statement built once and run with new values each time, on both engines; on PostgreSQL
// prepared once per connection under its name, which is what saves the parsing and planning.

const DOUBLED = preparedStatement(
  "test_doubled",
  sql`select ${sql.placeholder("word")}::text || ${sql.placeholder("word")}::text as doubled, ${sql.placeholder("n")}::int * 2 as twice`,
);

describe("preparedStatement", () => {
  it("names a statement by its text: the same text the same name, another text another", () => {
    const again = preparedStatement(
      "test_doubled",
      sql`select ${sql.placeholder("word")}::text || ${sql.placeholder("word")}::text as doubled, ${sql.placeholder("n")}::int * 2 as twice`,
    );
    const other = preparedStatement("test_doubled", sql`select ${sql.placeholder("word")}::text as doubled`);
    expect(again.name).toBe(DOUBLED.name);
    expect(other.name).not.toBe(DOUBLED.name);
    // PostgreSQL cuts a name at 63 bytes; two statements must not meet under one cut name.
    expect(DOUBLED.name.length).toBeLessThanOrEqual(63);
  });
});

describeEachEngine("prepared statements on $name", (engine) => {
  const handle = databaseForSuite(engine);

  it("fills the placeholders anew on every call", async () => {
    const db = handle().db;
    expect(await preparedRows(db, DOUBLED, { word: "ab", n: 2 })).toEqual([{ doubled: "abab", twice: 4 }]);
    expect(await preparedRows(db, DOUBLED, { word: "c", n: 5 })).toEqual([{ doubled: "cc", twice: 10 }]);
  });

  it("prepares the statement under its name once per connection (PostgreSQL), and runs it in a transaction", async () => {
    const { prepared, rows } = await inTransaction(async (tx) => {
      const found = [...(await preparedRows(tx, DOUBLED, { word: "x", n: 1 })), ...(await preparedRows(tx, DOUBLED, { word: "y", n: 3 }))];
      const statements = await preparedRows<{ name: string; calls: number }>(
        tx,
        preparedStatement(
          "test_prepared_list",
          sql`select name, (generic_plans + custom_plans)::int as calls from pg_prepared_statements where name = ${sql.placeholder("name")}`,
        ),
        { name: DOUBLED.name },
      );
      return { prepared: statements, rows: found };
    });
    expect(rows).toEqual([
      { doubled: "xx", twice: 2 },
      { doubled: "yy", twice: 6 },
    ]);
    if (engine.name === "postgres") {
      // Prepared once, run at least twice on this connection (more if an earlier test had it).
      expect(prepared).toHaveLength(1);
      expect(prepared[0]?.calls).toBeGreaterThanOrEqual(2);
    } else {
      // PGlite's driver runs the text unnamed.
      expect(prepared).toEqual([]);
    }
  });
});
