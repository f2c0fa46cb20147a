// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/lib/log/logger";
import { currentRequestId } from "@/lib/log/request-context";
import { requestIdFor, trackRequests } from "./request-tracking";

// A plain Node http server stands in for `next start` (which serves through the same http module):
// what the handler reads from the store, after awaits and timers, must be the id the response carries.

const lines: Record<string, unknown>[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
const logger = createLogger({ level: "info", destination });

let server: Server;
let origin = "";
let stop: () => void = () => undefined;

beforeAll(async () => {
  stop = trackRequests(logger);
  server = createServer((request, response) => {
    const seen: (string | undefined)[] = [currentRequestId()];
    void (async () => {
      await sleep(5);
      seen.push(currentRequestId());
      await new Promise<void>((resolve) => setImmediate(resolve));
      seen.push(currentRequestId());
      logger.info({ step: "handler" }, "inside the handler");
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify(seen));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  stop();
  await new Promise((resolve) => server.close(resolve));
});

async function call(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, { headers });
  return { id: response.headers.get("x-request-id"), seen: (await response.json()) as (string | null)[] };
}

describe("request ids", () => {
  it("keeps a well-formed X-Request-Id and gives it back", async () => {
    const { id, seen } = await call("/a", { "X-Request-Id": "nginx-1f2e.3:4_5" });
    expect(id).toBe("nginx-1f2e.3:4_5");
    expect(seen).toEqual([id, id, id]);
  });

  it.each(["", "has space", "x".repeat(129), "a/b", "é"])("replaces the malformed X-Request-Id %j with a UUID", (sent) => {
    expect(requestIdFor(sent)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("gives a request without one a new UUID, seen by the handler after awaits and timers", async () => {
    const { id, seen } = await call("/b");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toEqual([id, id, id]);
  });

  it("keeps concurrent requests apart", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => call(`/c${index}`)));
    for (const { id, seen } of answers) expect(seen).toEqual([id, id, id]);
    expect(new Set(answers.map(({ id }) => id)).size).toBe(20);
  });

  it("logs each line of a request and its finish with the response's id, the path without its query", async () => {
    lines.length = 0;
    const { id } = await call("/orders?code=123456&email=a@b.example");
    await sleep(20);
    const mine = lines.filter((line) => line.requestId === id);
    expect(mine.map((line) => line.msg)).toEqual(["inside the handler", "request completed"]);
    expect(mine[1]).toEqual(expect.objectContaining({ level: "info", method: "GET", path: "/orders", status: 200 }));
    expect(typeof mine[1]?.durationMs).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("123456");
  });

  it("logs the probes' requests at debug only", async () => {
    lines.length = 0;
    await call("/api/health");
    await call("/api/ready?x=1");
    await sleep(20);
    expect(lines.filter((line) => line.msg === "request completed")).toEqual([]);
  });
});
