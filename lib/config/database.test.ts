import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "@/test/support/requirements";
import { describeOnPostgres } from "@/test/support/test-engines";
import { readDatabaseSettings } from "./database";

const POSTGRES = "postgres://shop@db.example:5432/shop";

describe("the demo seed setting", () => {
  it("seeds the embedded database unless told not to", () => {
    expect(readDatabaseSettings({}).seedDemoData).toBe(true);
    expect(readDatabaseSettings({ SEED_DEMO_DATA: "true" }).seedDemoData).toBe(true);
    expect(readDatabaseSettings({ SEED_DEMO_DATA: "false" }).seedDemoData).toBe(false);
  });

  it("seeds PostgreSQL only when SEED_DEMO_DATA=true is set, since the demo operator's password is published", () => {
    expect(readDatabaseSettings({ DATABASE_URL: POSTGRES }).seedDemoData).toBe(false);
    expect(readDatabaseSettings({ DATABASE_URL: POSTGRES, SEED_DEMO_DATA: "false" }).seedDemoData).toBe(false);
    expect(readDatabaseSettings({ DATABASE_URL: POSTGRES, SEED_DEMO_DATA: "true" }).seedDemoData).toBe(true);
  });

  it("refuses a value other than true or false", () => {
    expect(() => readDatabaseSettings({ SEED_DEMO_DATA: "yes" })).toThrow(/SEED_DEMO_DATA/);
  });
});

describe("the connect timeout", () => {
  it("is 5 seconds unless set, in seconds (fractions too), handed to the pool in milliseconds", () => {
    expect(readDatabaseSettings({}).connectTimeoutMs).toBe(5_000);
    expect(readDatabaseSettings({ DATABASE_CONNECT_TIMEOUT_SECONDS: "0.5" }).connectTimeoutMs).toBe(500);
    expect(readDatabaseSettings({ DATABASE_CONNECT_TIMEOUT_SECONDS: "30" }).connectTimeoutMs).toBe(30_000);
  });

  it("refuses no timeout at all, which would let a silent server hold every request", () => {
    expect(() => readDatabaseSettings({ DATABASE_CONNECT_TIMEOUT_SECONDS: "0" })).toThrow(/DATABASE_CONNECT_TIMEOUT_SECONDS/);
    expect(() => readDatabaseSettings({ DATABASE_CONNECT_TIMEOUT_SECONDS: "soon" })).toThrow(/DATABASE_CONNECT_TIMEOUT_SECONDS/);
  });
});

/** A password made of every character the URL's own syntax gives a meaning to. */
const AWKWARD_PASSWORD = "p@ss:w/rd?x=1#frag%41 &+end";

/** What node-postgres makes of a connection string: the user, password, host, port and database it will use. */
function asPgSeesIt(url: string | null) {
  const { user, password, host, port, database } = new pg.Client({ connectionString: url ?? "" });
  return { user, password, host, port, database };
}

describe("the database password given apart from DATABASE_URL", () => {
  let folder = "";
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "lenwell-db-secret-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("goes into the URL percent-encoded: node-postgres reads back the same password, user, host and database", () => {
    const settings = readDatabaseSettings({
      DATABASE_URL: "postgres://lenwell@postgres:5432/lenwell",
      DATABASE_PASSWORD: AWKWARD_PASSWORD,
    });
    expect(asPgSeesIt(settings.url)).toEqual({
      user: "lenwell",
      password: AWKWARD_PASSWORD,
      host: "postgres",
      port: 5432,
      database: "lenwell",
    });
  });

  it("comes from DATABASE_PASSWORD_FILE (a Docker secret) without the file's line break", async () => {
    const file = path.join(folder, "postgres_password");
    await writeFile(file, `${AWKWARD_PASSWORD}\n`, { mode: 0o600 });
    const settings = readDatabaseSettings({ DATABASE_URL: "postgres://lenwell@postgres:5432/lenwell", DATABASE_PASSWORD_FILE: file });
    expect(asPgSeesIt(settings.url).password).toBe(AWKWARD_PASSWORD);
  });

  it("and DATABASE_URL itself may come from DATABASE_URL_FILE", async () => {
    const file = path.join(folder, "database_url");
    await writeFile(file, "postgres://shop:s3cret@db.example:5433/shop\n");
    expect(asPgSeesIt(readDatabaseSettings({ DATABASE_URL_FILE: file }).url)).toMatchObject({ password: "s3cret", port: 5433 });
  });

  it("refuses a password without a URL, a password given twice, and an unreadable password file", () => {
    expect(() => readDatabaseSettings({ DATABASE_PASSWORD: "x" })).toThrow(/DATABASE_PASSWORD: is set but DATABASE_URL is not/);
    expect(() => readDatabaseSettings({ DATABASE_URL: "postgres://lenwell:old@postgres/lenwell", DATABASE_PASSWORD: "new" })).toThrow(
      /DATABASE_URL carries a password too/,
    );
    expect(() =>
      readDatabaseSettings({ DATABASE_URL: "postgres://lenwell@postgres/lenwell", DATABASE_PASSWORD_FILE: path.join(folder, "gone") }),
    ).toThrow(/DATABASE_PASSWORD_FILE: cannot read .*gone \(ENOENT/);
  });
});

describeOnPostgres("a URL composed with an awkward password, on the machine's PostgreSQL", () => {
  it("reaches the server, user and database it names", async () => {
    // The machine's server trusts local connections, so the password itself is not checked here;
    // what is checked is that none of its characters is read as part of the address.
    const url = new URL(testDatabaseUrl ?? "");
    const expectedDatabase = url.pathname.slice(1);
    url.password = "";
    const settings = readDatabaseSettings({ DATABASE_URL: url.href, DATABASE_PASSWORD: AWKWARD_PASSWORD });
    const client = new pg.Client({ connectionString: settings.url ?? "" });
    await client.connect();
    try {
      const { rows } = await client.query<{ database: string; user: string }>(
        "select current_database() as database, current_user as user",
      );
      expect(rows[0]).toEqual({ database: expectedDatabase, user: decodeURIComponent(url.username) });
    } finally {
      await client.end();
    }
  });
});
