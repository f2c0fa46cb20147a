import { describe, expect, it } from "vitest";
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
