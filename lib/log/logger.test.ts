// @vitest-environment node
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, REDACTED } from "./logger";
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
});
