// @vitest-environment node
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDatabaseSettings } from "./lib/config/database";
import { parseServerEnv } from "./lib/config/env";
import { SECRET_SETTINGS } from "./lib/config/secret-files.mjs";

// The image (Dockerfile) and the compose stack (compose.yaml) as files: these machines have no
// Docker daemon (scripts/docker-build.sh skips the build and says so), so what can be checked
// without one is checked here: the image installs the committed lock file on a supported Node, and
// compose hands the shop its secrets as files under the names the shop reads.

const dockerfile = readFileSync("Dockerfile", "utf8");
const compose = readFileSync("compose.yaml", "utf8");

/** Node's LTS lines the image may use, with the end of their support (nodejs.org/en/about/previous-releases). */
const NODE_LTS_END_OF_LIFE: Record<number, string> = { 22: "2027-04-30", 24: "2028-04-30" };

/** The `environment:` entries of a compose service, as written (`${…}` left as is; a bare `KEY:` is null). */
function serviceEnvironment(service: string): Map<string, string | null> {
  const lines = compose.split("\n");
  const start = lines.indexOf(`  ${service}:`);
  const entries = new Map<string, string | null>();
  let inEnvironment = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {0,2}\S/.test(line)) break;
    if (/^ {4}\S/.test(line)) inEnvironment = line.trim() === "environment:";
    const entry = inEnvironment ? /^ {6}([A-Z0-9_]+):(?: (.*))?$/.exec(line) : null;
    if (entry?.[1]) entries.set(entry[1], entry[2] ?? null);
  }
  return entries;
}

/** The names under the top-level `secrets:` block, with the host file each one mounts. */
function declaredSecrets(): Map<string, string> {
  const block = compose.slice(compose.search(/^secrets:$/m));
  return new Map([...block.matchAll(/^ {2}([a-z_]+):\n(?: {4}#.*\n)* {4}file: (\S+)$/gm)].map((match) => [match[1] ?? "", match[2] ?? ""]));
}

describe("the image", () => {
  it("runs a Node LTS line that is still supported", () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(dockerfile);
    const major = Number(image?.[1]);
    expect(Object.keys(NODE_LTS_END_OF_LIFE).map(Number), `node:${major}`).toContain(major);
    expect(new Date(NODE_LTS_END_OF_LIFE[major] ?? 0).getTime(), `Node ${major} is past its end of life`).toBeGreaterThan(Date.now());
  });

  it("installs exactly the committed lock file (npm ci), never resolving again (npm install)", () => {
    const deps = dockerfile.slice(dockerfile.indexOf("AS deps"), dockerfile.indexOf("AS build"));
    expect(deps).toMatch(/^COPY package\.json package-lock\.json \.\/$/m);
    expect(deps).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).not.toMatch(/^RUN .*\bnpm (install|i)\b/m);
  });

  it("leaves the compose stack's secrets out of the build context", () => {
    expect(readFileSync(".dockerignore", "utf8").split("\n")).toContain("deploy/secrets");
    expect(readFileSync(".gitignore", "utf8").split("\n")).toContain("deploy/secrets/");
  });
});

describe("the compose stack's secrets", () => {
  const app = serviceEnvironment("app");
  const secrets = declaredSecrets();

  it("travel as files: no secret value, nor a password inside a URL, in any environment", () => {
    expect(compose).not.toMatch(/\$\{(AUTH_SECRET|POSTGRES_PASSWORD)\b/);
    for (const name of SECRET_SETTINGS) {
      const value = app.get(name);
      // Passed through (a bare `NAME:`) is the operator's choice; a value written here is not.
      if (value !== undefined && value !== null) expect(value, name).not.toMatch(/\/\/[^/@]*:[^/@]*@/);
    }
    expect(app.has("AUTH_SECRET")).toBe(false);
    expect(serviceEnvironment("postgres").get("POSTGRES_PASSWORD_FILE")).toBe("/run/secrets/postgres_password");
  });

  it("are read by the shop under the names it knows, from secrets compose declares", () => {
    const fileSettings = [...app].filter(([name]) => name.endsWith("_FILE"));
    expect(fileSettings.map(([name]) => name).sort()).toEqual(["AUTH_SECRET_FILE", "DATABASE_PASSWORD_FILE"]);
    for (const [name, value] of fileSettings) {
      expect(SECRET_SETTINGS, name).toContain(name.replace(/_FILE$/, ""));
      const secret = /^\/run\/secrets\/([a-z_]+)$/.exec(value ?? "")?.[1] ?? "";
      expect(secrets.get(secret), `${name} names /run/secrets/${secret}`).toBe(`./deploy/secrets/${secret}`);
    }
  });

  describe("as the shop sees them inside the container", () => {
    let folder = "";
    const key = "0123456789abcdef".repeat(4);
    const password = "p@ss:w/rd?x=1#y%41";

    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), "lenwell-compose-secrets-"));
      // What `openssl rand … > deploy/secrets/…` leaves: the value and a line break.
      await writeFile(path.join(folder, "auth_secret"), `${key}\n`);
      await writeFile(path.join(folder, "postgres_password"), `${password}\n`);
    });

    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    /** The app's environment under compose: secrets at their mount points (here, the test's folder), defaults of `${X:-d}` taken. */
    function containerEnvironment(): Record<string, string> {
      const environment: Record<string, string> = {};
      for (const [name, value] of app) {
        if (value === null) continue;
        environment[name] = value.replace(/^\/run\/secrets\//, `${folder}/`).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1");
      }
      return environment;
    }

    it("give the signing key, and a database URL node-postgres reads the whole password back from", () => {
      const environment = containerEnvironment();
      expect(parseServerEnv(environment).AUTH_SECRET).toBe(key);
      const { url } = readDatabaseSettings(environment);
      const seen = new pg.Client({ connectionString: url ?? "" });
      expect({ user: seen.user, password: seen.password, host: seen.host, port: seen.port, database: seen.database }).toEqual({
        user: "lenwell",
        password,
        host: "postgres",
        port: 5432,
        database: "lenwell",
      });
    });
  });
});

// The proxy compose runs (the two-instance test runs the same file on Debian's HAProxy): a stopping
// instance must serve on until HAProxy's checks have taken it out of rotation, or connections
// HAProxy opens meanwhile are reset under requests it cannot resend (docs/decisions/0054).
describe("the compose stack's proxy", () => {
  const haproxy = readFileSync(path.join("deploy", "haproxy", "haproxy.cfg"), "utf8");
  const app = serviceEnvironment("app");
  /** A setting's default as compose writes it (`${NAME:-default}`). */
  const composeDefault = (name: string) => Number(/^\$\{[A-Z_]+:-([^}]*)\}$/.exec(app.get(name) ?? "")?.[1]);
  /** An HAProxy time in ms ("500ms", "1s"). */
  const ms = (time: string | undefined) => (time?.endsWith("ms") ? Number.parseInt(time, 10) : Number.parseInt(time ?? "", 10) * 1000);

  it("is the shipped HAProxy file, mounted where the official image reads it", () => {
    expect(compose).toMatch(/^ {4}image: haproxy:\d+\.\d+$/m);
    expect(compose).toContain("./deploy/haproxy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro");
  });

  it("takes an instance out of rotation within the drain delay compose gives a stopping instance", () => {
    const server = /^ {4}server-template app \d+ app:3000 (.*)$/m.exec(haproxy)?.[1] ?? "";
    const inter = ms(/\binter (\S+)/.exec(server)?.[1]);
    const fall = Number(/\bfall (\d+)/.exec(server)?.[1]);
    const checkTimeout = ms(/^ {4}timeout check (\S+)$/m.exec(haproxy)?.[1]);
    const detectionMs = fall * inter + checkTimeout;
    expect(detectionMs).toBeGreaterThan(0);
    const drainMs = composeDefault("SHUTDOWN_DRAIN_SECONDS") * 1000;
    expect(drainMs, `drain ${drainMs} ms, HAProxy's detection up to ${detectionMs} ms`).toBeGreaterThan(detectionMs);
    expect(drainMs).toBeLessThan(composeDefault("SHUTDOWN_TIMEOUT_SECONDS") * 1000);
    expect(haproxy).toMatch(/^ {4}http-check send meth GET uri \/api\/ready /m);
    expect(haproxy).toMatch(/^ {4}http-check expect status 200$/m);
  });

  it("retries only connections that failed, and logs paths without their query strings (sign-in tokens)", () => {
    expect([...haproxy.matchAll(/^ {4}retry-on (.*)$/gm)].map((match) => match[1])).toEqual(["conn-failure"]);
    const format = /^ {4}log-format "(.*)"$/m.exec(haproxy)?.[1] ?? "";
    expect(format).toContain("%HP");
    // %r is the whole request line and %HU the URI, both with the query string.
    expect(format).not.toMatch(/%r\b|%HU|%HQ|%\{[^}]*\}r/);
  });
});
