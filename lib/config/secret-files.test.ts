// @vitest-environment node
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_SETTINGS, readSecretFiles } from "./secret-files.mjs";

// Secrets given as files (Docker secrets): `<NAME>_FILE` names a file whose content is `<NAME>`.
// Against real files in a folder of the test's own.

const readText = (file: string) => readFileSync(file, "utf8");

let folder = "";
/** Writes `content` to a new file of the test folder; answers its path. */
async function secretFile(name: string, content: string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, content, { mode: 0o600 });
  return file;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "lenwell-secrets-"));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("readSecretFiles", () => {
  it("fills a setting from its file, without the line breaks that end it", async () => {
    const key = "k".repeat(40);
    expect(readSecretFiles({ AUTH_SECRET_FILE: await secretFile("lf", `${key}\n`) }, readText).AUTH_SECRET).toBe(key);
    expect(readSecretFiles({ AUTH_SECRET_FILE: await secretFile("crlf", `${key}\r\n`) }, readText).AUTH_SECRET).toBe(key);
    expect(readSecretFiles({ AUTH_SECRET_FILE: await secretFile("bare", key) }, readText).AUTH_SECRET).toBe(key);
  });

  it("drops every line break at the end, as the PostgreSQL image's `$(< file)` does with the same file", async () => {
    const file = await secretFile("two-breaks", "pass\n\n");
    expect(readSecretFiles({ DATABASE_PASSWORD_FILE: file }, readText).DATABASE_PASSWORD).toBe("pass");
  });

  it("keeps everything else of the content: spaces, and a line break inside, are the secret's", async () => {
    const file = await secretFile("spaces", " pass\nword \n");
    expect(readSecretFiles({ DATABASE_PASSWORD_FILE: file }, readText).DATABASE_PASSWORD).toBe(" pass\nword ");
  });

  it("leaves the other settings as they are, and a setting given directly", () => {
    const source = { SITE_URL: "https://shop.example", AUTH_SECRET: "a".repeat(32) };
    expect(readSecretFiles(source, readText)).toEqual(source);
  });

  it("takes a _FILE only for the secret settings", async () => {
    const file = await secretFile("site", "https://elsewhere.example\n");
    expect(readSecretFiles({ SITE_URL_FILE: file }, readText).SITE_URL).toBeUndefined();
    expect(SECRET_SETTINGS).toEqual(
      expect.arrayContaining([
        "AUTH_SECRET",
        "DATABASE_PASSWORD",
        "SMTP_URL",
        "STRIPE_SECRET_KEY",
        "STRIPE_WEBHOOK_SECRET",
        "GOOGLE_CLIENT_SECRET",
      ]),
    );
  });

  it("refuses a setting given both ways, naming both", async () => {
    const file = await secretFile("both", "s".repeat(40));
    expect(() => readSecretFiles({ AUTH_SECRET: "a".repeat(40), AUTH_SECRET_FILE: file }, readText)).toThrow(
      /AUTH_SECRET and AUTH_SECRET_FILE are both set/,
    );
  });

  it("refuses a file that cannot be read or is empty, naming the setting and the file", async () => {
    const missing = path.join(folder, "not-there");
    expect(() => readSecretFiles({ STRIPE_SECRET_KEY_FILE: missing }, readText)).toThrow(
      new RegExp(`STRIPE_SECRET_KEY_FILE: cannot read ${missing} \\(ENOENT`),
    );
    expect(() => readSecretFiles({ SMTP_URL_FILE: folder }, readText)).toThrow(
      new RegExp(`SMTP_URL_FILE: cannot read ${folder} \\(EISDIR`),
    );
    const empty = await secretFile("empty", "\n");
    expect(() => readSecretFiles({ GOOGLE_CLIENT_SECRET_FILE: empty }, readText)).toThrow(`GOOGLE_CLIENT_SECRET_FILE: ${empty} is empty.`);
  });

  it("names every problem at once", async () => {
    const both = await secretFile("both-again", "x".repeat(40));
    const attempt = () =>
      readSecretFiles({ AUTH_SECRET: "a".repeat(40), AUTH_SECRET_FILE: both, REDIS_URL_FILE: path.join(folder, "gone") }, readText);
    expect(attempt).toThrow(/AUTH_SECRET and AUTH_SECRET_FILE are both set[\s\S]*REDIS_URL_FILE: cannot read/);
  });

  it("treats an empty _FILE as unset, as every empty setting is", () => {
    expect(readSecretFiles({ AUTH_SECRET_FILE: "", AUTH_SECRET: "a".repeat(32) }, readText).AUTH_SECRET).toBe("a".repeat(32));
  });
});
