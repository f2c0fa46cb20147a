// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendStrictTransportSecurity } from "./transport-security";

// A plain Node http server stands in for `next start` (which serves through the same http module):
// every kind of answer it gives, whoever writes it, must carry HSTS once the shop is https only.

let server: Server | undefined;
let stop: () => void = () => undefined;

afterEach(async () => {
  stop();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server answering as Next does: pages, JSON, a redirect, an error, a file, an answer written with writeHead. */
async function serve(): Promise<string> {
  server = createServer((request, response) => {
    if (request.url === "/redirect/") {
      response.writeHead(308, { Location: "/redirect" }).end();
    } else if (request.url === "/api/v1/c/user/profile") {
      response.statusCode = 401;
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify({ code: 401, data: null, errmsg: "Not logged in" }));
    } else if (request.url === "/boom") {
      response.statusCode = 500;
      response.end("Internal Server Error");
    } else {
      response.setHeader("Content-Type", "text/html");
      response.end("<!doctype html><p>page</p>");
    }
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
}

const ANSWERS = ["/", "/api/v1/c/user/profile", "/redirect/", "/boom", "/_next/static/chunks/main.js"];

describe("HSTS on every answer of the process", () => {
  it("is sent on pages, API answers, redirects, errors and files once the shop is https only", async () => {
    stop = sendStrictTransportSecurity(true);
    const origin = await serve();
    for (const path of ANSWERS) {
      const response = await fetch(`${origin}${path}`, { redirect: "manual" });
      expect(response.headers.get("strict-transport-security"), path).toBe("max-age=63072000; includeSubDomains");
    }
  });

  it("is sent on none over http (or under next dev)", async () => {
    stop = sendStrictTransportSecurity(false);
    const origin = await serve();
    for (const path of ANSWERS) {
      const response = await fetch(`${origin}${path}`, { redirect: "manual" });
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("stops when asked (the tests' servers share the process)", async () => {
    sendStrictTransportSecurity(true)();
    const origin = await serve();
    expect((await fetch(origin)).headers.get("strict-transport-security")).toBeNull();
  });
});
