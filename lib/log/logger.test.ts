// @vitest-environment node
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createLogger, isoTimeAt, LOG_FLUSH_MS, REDACTED, redactSecrets } from "./logger";
import { requestContext } from "./request-context";

/** A logger at `level` whose lines are collected, parsed, instead of written to stdout. */
function capturedLogger(level: "info" | "debug" = "info") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ level, destination }), lines };
}

describe("the server logger", () => {
  it("writes one JSON object a line: level as a word, ISO time, the message and the fields beside it", () => {
    const { logger, lines } = capturedLogger();
    logger.warn({ orderId: 42 }, "Order 42 waits");
    expect(lines).toEqual([expect.objectContaining({ level: "warn", msg: "Order 42 waits", orderId: 42 })]);
    expect(String(lines[0]?.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("writes the time as Date's ISO string would, at any millisecond, in any order", () => {
    // Years 1970 to 9999: the range in which toISOString writes four digits.
    const instant = fc.integer({ min: 0, max: 253_402_300_799_999 });
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 8 }), (instants) => {
        for (const at of instants) expect(isoTimeAt(at)).toBe(new Date(at).toISOString());
      }),
    );
  });

  it("leaves out what is below its level", () => {
    const { logger, lines } = capturedLogger("info");
    logger.debug("not written");
    expect(lines).toEqual([]);
  });

  it.each([
    ["password", { password: "clear-water-demo" }],
    ["a nested password", { body: { password: "clear-water-demo", email: "a@b.example" } }],
    ["a new password two levels down", { request: { body: { newPassword: "clear-water-demo" } } }],
    ["a token", { token: "clear-water-demo" }],
    ["a card", { card: { number: "clear-water-demo", cvc: "123" } }],
    ["a card number", { payment: { cardNumber: "clear-water-demo" } }],
    ["a security code", { payment: { cvc: "clear-water-demo" } }],
    ["an Authorization header", { headers: { authorization: "Bearer clear-water-demo" } }],
    ["a cookie header", { request: { headers: { cookie: "Token=clear-water-demo" } } }],
    ["a Set-Cookie header", { headers: { "set-cookie": "Token=clear-water-demo" } }],
    ["a client secret", { oidc: { clientSecret: "clear-water-demo" } }],
  ])("never writes %s", (_what, fields) => {
    const { logger, lines } = capturedLogger();
    logger.info(fields, "something happened");
    const text = JSON.stringify(lines);
    expect(text).not.toContain("clear-water-demo");
    expect(text).toContain(REDACTED);
  });

  it("never writes a secret inside an array, and writes the rest", () => {
    const { logger, lines } = capturedLogger();
    logger.info({ attempts: [{ email: "a@b.example", password: "clear-water-demo" }] }, "tries");
    expect(lines[0]?.attempts).toEqual([{ email: "a@b.example", password: REDACTED }]);
  });

  it("writes an error that carried a secret as an error, without the secret", () => {
    const { logger, lines } = capturedLogger();
    const error = Object.assign(new Error("The bank said no"), {
      headers: { authorization: "Bearer clear-water-demo" },
      code: "card_declined",
    });
    logger.error({ err: error }, "payment failed");
    const written = lines[0]?.err as Record<string, unknown>;
    expect(JSON.stringify(lines)).not.toContain("clear-water-demo");
    expect(written).toEqual(
      expect.objectContaining({ type: "Error", message: "The bank said no", code: "card_declined", headers: { authorization: REDACTED } }),
    );
    expect(String(written.stack)).toContain("The bank said no");
  });

  it("changes nothing the caller passed", () => {
    const fields = { body: { password: "clear-water-demo" }, items: [{ token: "t" }] };
    const before = structuredClone(fields);
    createLogger({ level: "info", destination: new Writable({ write: (_chunk, _encoding, done) => done() }) }).info(fields, "x");
    expect(fields).toEqual(before);
  });

  it("does not walk the bytes of a buffer", () => {
    const body = Buffer.alloc(1_000_000);
    const fields = { request: { body } };
    const keys = vi.spyOn(Object, "keys");
    try {
      expect(redactSecrets(fields)).toBe(fields);
      expect(keys.mock.results.every((result) => (result.value as unknown[]).length < 10)).toBe(true);
    } finally {
      keys.mockRestore();
    }
  });

  it("hands back a line without secrets as it is, so a request line costs no copy", () => {
    const line = { requestId: "r-1", method: "GET", path: "/mart", status: 200, durationMs: 1.2 };
    expect(redactSecrets(line)).toBe(line);
  });

  it("never writes a secret key's value anywhere in the top three levels of any fields", () => {
    const secretKey = fc.constantFrom("password", "token", "card", "cvc", "authorization", "set-cookie", "clientSecret");
    const plainKey = fc.constantFrom("email", "orderId", "headers", "body", "items", "request", "0");
    const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.constant(null));
    // Secret values carry a marker that no plain leaf can spell.
    const secretValue = fc.oneof(
      fc.nat().map((n) => `SECRET-${n}`),
      fc.nat().map((n) => ({ number: `SECRET-${n}` })),
    );
    const level = (inner: fc.Arbitrary<unknown>) =>
      fc.oneof(
        fc.dictionary(fc.oneof(plainKey, secretKey), inner, { maxKeys: 4 }).map((entries) => entries as unknown),
        fc.array(inner, { maxLength: 3 }),
      );
    // An array has no keys of its own: its elements sit at its level, so only objects get secrets.
    const withSecrets = (inner: fc.Arbitrary<unknown>) =>
      fc
        .tuple(level(inner), fc.dictionary(secretKey, secretValue, { maxKeys: 2 }))
        .map(([base, secrets]) => (Array.isArray(base) ? base : { ...(base as object), ...secrets }));
    const fields = fc.dictionary(fc.oneof(plainKey, secretKey), fc.oneof(leaf, withSecrets(fc.oneof(leaf, withSecrets(leaf)))), {
      maxKeys: 5,
    });
    fc.assert(
      fc.property(fields, fc.dictionary(secretKey, secretValue, { maxKeys: 2 }), (plain, secrets) => {
        const { logger, lines } = capturedLogger();
        logger.info({ ...plain, ...secrets }, "anything");
        expect(JSON.stringify(lines)).not.toContain("SECRET-");
      }),
    );
  });

  it("keeps the fields that are no secret", () => {
    const { logger, lines } = capturedLogger();
    logger.info({ body: { email: "a@b.example", password: "x" } }, "login");
    expect(lines[0]?.body).toEqual({ email: "a@b.example", password: REDACTED });
  });

  it("names the request being handled, inside it and in what it awaits", async () => {
    const { logger, lines } = capturedLogger();
    await requestContext.run({ requestId: "req-1" }, async () => {
      logger.info("inside");
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.info("after a timer");
    });
    logger.info("outside");
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ["inside", "req-1"],
      ["after a timer", "req-1"],
      ["outside", undefined],
    ]);
  });

  it("lets a line name its request explicitly", () => {
    const { logger, lines } = capturedLogger();
    requestContext.run({ requestId: "from-the-store" }, () => logger.info({ requestId: "given" }, "explicit"));
    expect(lines[0]?.requestId).toBe("given");
    expect(Object.keys(lines[0] ?? {}).filter((key) => key === "requestId")).toHaveLength(1);
  });

  it("writes standard output without waiting, and loses no line when the process exits at once", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "lenwell-log-"));
    try {
      const script = path.join(dir, "exit-at-once.ts");
      writeFileSync(
        script,
        `import { pino } from ${JSON.stringify(createRequire(import.meta.url).resolve("pino"))};
import { createLogger } from ${JSON.stringify(path.resolve("lib/log/logger.ts"))};
const logger = createLogger({ level: "info" });
for (let i = 0; i < 3000; i += 1) logger.info({ i }, "line");
const stream = (logger as unknown as Record<symbol, { sync?: boolean }>)[pino.symbols.streamSym];
console.error(JSON.stringify({ sync: stream?.sync }));
process.exit(0);
`,
      );
      const child = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: process.cwd(), encoding: "utf8", timeout: 30_000 });
      expect(child.status, child.stderr).toBe(0);
      expect(JSON.parse(child.stderr.trim().split("\n").at(-1) ?? "{}")).toEqual({ sync: false });
      const lines = child.stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { i: number });
      expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes a lone line within LOG_FLUSH_MS, without waiting for more lines or for the exit", async () => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { createLogger } = await import(${JSON.stringify(path.resolve("lib/log/logger.ts"))});
const logger = createLogger({ level: "info" });
process.stderr.write("logging\\n");
logger.info("alone");
setTimeout(() => {}, 5000);`,
      ],
      { cwd: process.cwd() },
    );
    try {
      const loggedAt = await new Promise<number>((resolve) => child.stderr.once("data", () => resolve(performance.now())));
      const firstLine = await new Promise<string>((resolve, reject) => {
        child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8")));
        child.once("exit", (code) => reject(new Error(`exited ${code} before writing`)));
      });
      expect(JSON.parse(firstLine)).toEqual(expect.objectContaining({ msg: "alone" }));
      expect(performance.now() - loggedAt).toBeLessThan(LOG_FLUSH_MS + 500);
    } finally {
      child.kill();
    }
  });
});
