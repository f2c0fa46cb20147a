// @vitest-environment node
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

// Each table has one owning folder (docs/decisions/0036-tables-have-owners.md). The linter refuses
// a domain importing another's table object from lib/db/schema; this test covers the way around
// it, a raw SQL string naming the table, in the sources of lib/server (the tests may read any table).

const SCHEMA = "lib/db/schema";

/** Each table's SQL name by its name in lib/db/schema. */
function sqlNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of readdirSync(SCHEMA).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
    const source = readFileSync(path.join(SCHEMA, file), "utf8");
    for (const [, table = "", sqlName = ""] of source.matchAll(/^export const (\w+) = pgTable\(\s*"(\w+)"/gm)) names.set(table, sqlName);
  }
  return names;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The text of a source's sql`…` templates, without what they interpolate. */
function rawSql(source: string): string[] {
  return [...source.matchAll(/\bsql(?:\.raw)?`([^`]*)`/g)].map(([, text = ""]) => text.replace(/\$\{[^}]*\}/g, " "));
}

// The map is written once, in eslint.config.mjs; a JavaScript module without types, so read by its address.
const config = (await import(pathToFileURL(path.resolve("eslint.config.mjs")).href)) as { TABLE_OWNERS: Record<string, readonly string[]> };

describe("who queries a table", () => {
  const owners = config.TABLE_OWNERS;
  const names = sqlNames();

  it("places every table of lib/db/schema, by the names the schema gives them", () => {
    expect(Object.values(owners).flat().sort()).toEqual([...names.keys()].sort());
  });

  it("finds no raw SQL in one domain naming another domain's table", () => {
    const found: string[] = [];
    const domains = readdirSync("lib/server", { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const { name: domain } of domains) {
      const owned = owners[domain] ?? [];
      const others = [...names].filter(([table]) => !owned.includes(table)).map(([, sqlName]) => sqlName);
      for (const file of sources(path.join("lib/server", domain))) {
        for (const text of rawSql(readFileSync(file, "utf8"))) {
          for (const other of others) if (new RegExp(`\\b${other}\\b`).test(text)) found.push(`${file} names ${other}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
