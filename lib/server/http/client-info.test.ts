// @vitest-environment node
import { request as httpRequest, createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/config/env";
import { createLogger } from "@/lib/log/logger";
import { trackRequests } from "@/lib/server/log/request-tracking";
import { clientInfo, forwardedClientIp, normaliseIp } from "./client-info";

describe("normaliseIp", () => {
  it("accepts IPv4 and IPv6 addresses, in canonical form", () => {
    expect(normaliseIp(" 203.0.113.9 ")).toBe("203.0.113.9");
    expect(normaliseIp("2001:DB8::1")).toBe("2001:db8::1");
    expect(normaliseIp("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(normaliseIp("203.0.113.9:51234")).toBe("203.0.113.9");
    expect(normaliseIp("[2001:db8::1]:443")).toBe("2001:db8::1");
  });

  it("refuses anything that is not an address", () => {
    for (const value of ["", "unknown", "example.com", "999.1.1.1", "1.2.3", "<script>", "2001:db8::1::2", "_hidden"]) {
      expect(normaliseIp(value)).toBeNull();
    }
  });
});

describe("forwardedClientIp", () => {
  const chain = "198.51.100.1, 203.0.113.9, 10.0.0.2";

  it("ignores the header when no proxy is trusted: anyone can send it", () => {
    expect(forwardedClientIp(chain, 0)).toBeNull();
    expect(forwardedClientIp("203.0.113.9", 0)).toBeNull();
  });

  it("takes the Nth entry from the right, skipping what the caller put in front", () => {
    expect(forwardedClientIp(chain, 1)).toBe("10.0.0.2");
    expect(forwardedClientIp(chain, 2)).toBe("203.0.113.9");
    expect(forwardedClientIp(chain, 3)).toBe("198.51.100.1");
  });

  it("is unknown when the chain is shorter than the proxies, absent, or the entry is not an address", () => {
    expect(forwardedClientIp(chain, 4)).toBeNull();
    expect(forwardedClientIp(null, 1)).toBeNull();
    expect(forwardedClientIp("203.0.113.9, not-an-ip", 1)).toBeNull();
    expect(forwardedClientIp("203.0.113.9,", 1)).toBeNull();
  });
});

describe("clientInfo", () => {
  it("with the default settings keeps the user agent and does not believe X-Forwarded-For", () => {
    const request = new Request("http://shop.test/api/v1/c/ulogin/login", {
      headers: { "user-agent": "Lenwell test", "x-forwarded-for": "203.0.113.9" },
    });
    expect(clientInfo(request)).toEqual({ userAgent: "Lenwell test", ip: null });
  });
});

// The whole way a client address takes in the server: a socket, Node's request diagnostics
// (request-tracking.ts, as instrumentation installs it), then clientInfo in the handler. A plain Node
// http server stands in for `next start`, which serves through the same module. The proxy is
// 127.0.0.1; a caller around it connects from 127.0.0.2 (any 127/8 address is this machine's).
describe("clientInfo behind a proxy, on real connections", () => {
  let server: Server;
  let port = 0;
  let stopTracking: () => void = () => undefined;
  const before = { hops: env.TRUSTED_PROXY_HOPS, proxies: env.TRUSTED_PROXY_ADDRESSES };

  beforeAll(async () => {
    stopTracking = trackRequests(createLogger({ level: "silent" }));
    server = createServer((request, response) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
      response.end(JSON.stringify(clientInfo(new Request(`http://shop.test${request.url}`, { headers })).ip));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(() => {
    env.TRUSTED_PROXY_HOPS = before.hops;
    env.TRUSTED_PROXY_ADDRESSES = before.proxies;
  });

  afterAll(async () => {
    stopTracking();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The address the server settles on for a request from `from` carrying `forwardedFor`. */
  function seenFrom(from: string, forwardedFor?: string): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        { host: "127.0.0.1", port, path: "/", localAddress: from, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
          response.on("end", () => resolve(JSON.parse(body) as string | null));
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });
  }

  it("believes X-Forwarded-For on the proxy's connection", async () => {
    env.TRUSTED_PROXY_HOPS = 1;
    env.TRUSTED_PROXY_ADDRESSES = ["127.0.0.1"];
    expect(await seenFrom("127.0.0.1", "198.51.100.1, 203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts a caller that goes around the proxy under its own address, whatever it forwards", async () => {
    env.TRUSTED_PROXY_HOPS = 1;
    env.TRUSTED_PROXY_ADDRESSES = ["127.0.0.1"];
    expect(await seenFrom("127.0.0.2", "203.0.113.9")).toBe("127.0.0.2");
    expect(await seenFrom("127.0.0.2")).toBe("127.0.0.2");
  });

  it("takes ranges: the proxy anywhere in 127.0.0.0/8 is believed", async () => {
    env.TRUSTED_PROXY_HOPS = 1;
    env.TRUSTED_PROXY_ADDRESSES = ["10.0.0.0/8", "127.0.0.0/8"];
    expect(await seenFrom("127.0.0.2", "203.0.113.9")).toBe("203.0.113.9");
  });

  it("without a trusted proxy knows no address, forwarded or not", async () => {
    env.TRUSTED_PROXY_HOPS = 0;
    expect(await seenFrom("127.0.0.1", "203.0.113.9")).toBeNull();
    expect(await seenFrom("127.0.0.2")).toBeNull();
  });
});
