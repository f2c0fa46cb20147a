// @vitest-environment node
import { randomUUID } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { eq, getTableName, inArray, isTable } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsOptions, type DatabaseHandle } from "./client";
import { migratePgliteDatabase } from "./migrate";
import * as schema from "./schema";
import { emailCodes, sessions, users } from "./schema";
import { seedDatabase } from "./seed";
import { DEMO_ACCOUNTS } from "./seed/accounts";
import { describeEachEngine } from "@/test/support/test-engines";

const uniqueEmail = () => `t-${randomUUID()}@example.com`;

describeEachEngine("database on $name", (engine) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await engine.open();
    await seedDatabase(handle.db);
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  it("has the demo customer and operator, with argon2id hashes of their passwords", async () => {
    const rows = await handle.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((account) => account.email),
        ),
      );
    expect(rows.map((row) => [row.email, row.role]).sort()).toEqual([
      ["admin@lenwell.example", "admin"],
      ["customer@lenwell.example", "customer"],
    ]);
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((candidate) => candidate.email === account.email);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verify(row?.passwordHash ?? "", account.password)).toBe(true);
      expect(await verify(row?.passwordHash ?? "", `${account.password}x`)).toBe(false);
    }
  });

  it("seeding again creates nothing and changes nothing", async () => {
    const before = await handle.db.select().from(users).where(eq(users.email, "customer@lenwell.example"));
    expect((await seedDatabase(handle.db)).created).toEqual([]);
    const after = await handle.db.select().from(users).where(eq(users.email, "customer@lenwell.example"));
    expect(after).toEqual(before);
  });

  it("refuses a second account with the same e-mail", async () => {
    const email = uniqueEmail();
    await handle.db.insert(users).values({ email });
    await expect(handle.db.insert(users).values({ email })).rejects.toThrow();
  });

  it("refuses an e-mail that is not lower-cased and a role it does not know", async () => {
    await expect(handle.db.insert(users).values({ email: `Mixed-${randomUUID()}@Example.com` })).rejects.toThrow();
    await expect(handle.db.insert(users).values({ email: uniqueEmail(), role: "root" as "admin" })).rejects.toThrow();
  });

  it("deletes a user's sessions with the user, and keeps session token hashes unique", async () => {
    const [user] = await handle.db.insert(users).values({ email: uniqueEmail() }).returning();
    if (!user) throw new Error("no user");
    const tokenHash = randomUUID();
    const expiresAt = new Date(Date.now() + 86_400_000);
    await handle.db.insert(sessions).values({ userId: user.id, tokenHash, expiresAt });
    await expect(handle.db.insert(sessions).values({ userId: user.id, tokenHash, expiresAt })).rejects.toThrow();
    await handle.db.delete(users).where(eq(users.id, user.id));
    expect(await handle.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash))).toEqual([]);
  });

  it("stores e-mail codes only for the known purposes", async () => {
    const expiresAt = new Date(Date.now() + 600_000);
    const [row] = await handle.db
      .insert(emailCodes)
      .values({ email: uniqueEmail(), purpose: "register", codeHash: "h", expiresAt })
      .returning();
    expect(row?.failedAttempts).toBe(0);
    expect(row?.consumedAt).toBeNull();
    await expect(
      handle.db.insert(emailCodes).values({ email: uniqueEmail(), purpose: "login" as "reset", codeHash: "h", expiresAt }),
    ).rejects.toThrow();
  });
});

describe("settingsOptions", () => {
  it("gives each setting as libpq's `-c name=value`, a space or backslash in a value escaped", () => {
    expect(settingsOptions({ statement_timeout: "2000", plan_cache_mode: "force_generic_plan" })).toBe(
      "-c statement_timeout=2000 -c plan_cache_mode=force_generic_plan",
    );
    expect(settingsOptions({ search_path: "a b\\c" })).toBe("-c search_path=a\\ b\\\\c");
  });
});

describe("migrations", () => {
  it("can be applied twice to the same embedded database", async () => {
    const { newPglite } = await import("./pglite");
    const client = newPglite();
    try {
      await migratePgliteDatabase(client);
      await migratePgliteDatabase(client);
      const result = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
      );
      // Every table of the schema, once, and nothing else.
      const expected = Object.values(schema)
        .filter((value) => isTable(value))
        .map((table) => getTableName(table))
        .sort();
      expect(result.rows.map((row) => row.name)).toEqual(expected);
    } finally {
      await client.close();
    }
  }, 60_000);
});
