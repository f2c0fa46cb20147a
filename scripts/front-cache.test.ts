import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { FrontCache, MAX_AGE_MS, chooseEncoding, shopResponse } from "./front-cache.mjs";

// The front of the page cache on a real server built as scripts/serve.mjs builds it, in front of a
// stand-in for Next that answers the way Next does: a cached page as one string with
// x-nextjs-cache, compressed by the compression middleware Next itself runs.
const compression = createRequire(import.meta.url)("next/dist/compiled/compression") as () => (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) => void;

const PAGE = `<!DOCTYPE html><html><body>${"<p>RO600 purifier, in stock.</p>".repeat(2_000)}</body></html>`;

interface Served {
  url: string;
  front: FrontCache;
  /** How many requests reached the stand-in for Next. */
  nextCalls: () => number;
  close: () => Promise<void>;
}

type NextAnswer = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** A cached page, as Next sends one from its cache. */
const cachedPage = (_request: IncomingMessage, response: ServerResponse): void => {
  response.setHeader("x-nextjs-cache", "HIT");
  response.setHeader("content-type", "text/html; charset=utf-8");
  response.setHeader("content-security-policy", "script-src 'self'");
  response.setHeader("vary", "rsc, Accept-Encoding");
  response.end(PAGE);
};

const servers: Served[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(
  answer: NextAnswer = cachedPage,
  options: { now?: () => number; local?: boolean; configured?: boolean } = {},
): Promise<Served> {
  const front = new FrontCache({ now: options.now });
  if (options.local ?? true) front.useLocally();
  if (options.configured ?? true) front.configure({ sessionCookie: "Token" });
  const compress = compression();
  let calls = 0;
  let requestIds = 0;
  const server = http.createServer({ ServerResponse: shopResponse(front) }, (request, response) => {
    // What the shop sets on every answer before Next runs (lib/server/log/request-tracking.ts).
    requestIds += 1;
    response.setHeader("x-request-id", `request-${requestIds}`);
    if (front.answer(request, response)) return;
    calls += 1;
    compress(request, response, () => void answer(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const served: Served = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    front,
    nextCalls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  servers.push(served);
  return served;
}

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as a browser or a script sends it, the body as it came (compressed or not). */
function get(url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

function decoded(got: Got): string {
  const coding = got.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(got.body).toString("utf8");
  if (coding === "gzip") return gunzipSync(got.body).toString("utf8");
  return got.body.toString("utf8");
}

/** Until the front holds `count` addresses: it keeps a page once it is compressed, off the request. */
async function untilHeld(front: FrontCache, count = 1): Promise<void> {
  for (let tries = 0; front.size < count && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(front.size).toBe(count);
}

describe("the front of the page cache", () => {
  it("answers a cached page's next visitors itself, in each one's encoding, with the page's headers and their own request id", async () => {
    const shop = await serve();
    const first = await get(`${shop.url}/mart/detail/LW-RO600`, { "accept-encoding": "gzip, deflate, br" });
    expect(first.headers["content-encoding"]).toBe("gzip");
    await untilHeld(shop.front);

    const br = await get(`${shop.url}/mart/detail/LW-RO600`, { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get(`${shop.url}/mart/detail/LW-RO600`, { "accept-encoding": "gzip" });
    const plain = await get(`${shop.url}/mart/detail/LW-RO600`);
    expect(shop.nextCalls()).toBe(1);
    expect([br, gzip, plain].map((got) => got.headers["content-encoding"])).toEqual(["br", "gzip", undefined]);
    for (const got of [br, gzip, plain]) {
      expect(got.status).toBe(200);
      expect(decoded(got)).toBe(PAGE);
      expect(Number(got.headers["content-length"])).toBe(got.body.length);
      expect(got.headers).toMatchObject({
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "script-src 'self'",
        "x-nextjs-cache": "HIT",
        vary: "rsc, Accept-Encoding",
      });
    }
    expect([br, gzip, plain].map((got) => got.headers["x-request-id"])).toEqual(["request-2", "request-3", "request-4"]);
    expect(br.body.length).toBeLessThan(gzip.body.length);
  });

  it("keeps a page Next sent uncompressed too", async () => {
    const shop = await serve();
    await get(`${shop.url}/about/contactus`);
    await untilHeld(shop.front);
    expect(decoded(await get(`${shop.url}/about/contactus`, { "accept-encoding": "br" }))).toBe(PAGE);
    expect(shop.nextCalls()).toBe(1);
  });

  it("leaves to Next a customer's request, the router's, other methods, and anything it does not hold for that exact address", async () => {
    const shop = await serve();
    await get(`${shop.url}/mart/detail/LW-RO600`);
    await untilHeld(shop.front);
    await get(`${shop.url}/mart/detail/LW-RO600`, { cookie: "theme=dark; Token=a-session" });
    await get(`${shop.url}/mart/detail/LW-RO600`, { rsc: "1" });
    await get(`${shop.url}/mart/detail/LW-RO600`, { "next-router-prefetch": "1" });
    await get(`${shop.url}/mart/detail/LW-RO600?c=FRIEND`);
    await new Promise<void>((resolve) =>
      http.request(`${shop.url}/mart/detail/LW-RO600`, { method: "HEAD" }, (r) => r.resume().on("end", resolve)).end(),
    );
    expect(shop.nextCalls()).toBe(6);
    // A cookie of another name, or the session cookie without a value, is a visitor without a session.
    await get(`${shop.url}/mart/detail/LW-RO600`, { cookie: "theme=dark; Token=" });
    expect(shop.nextCalls()).toBe(6);
  });

  it("never keeps an answer that is not a page from Next's cache for anyone", async () => {
    const answers: Record<string, NextAnswer> = {
      "/rendered": (_request, response) => {
        response.end(PAGE);
      },
      "/stale": (_request, response) => {
        response.setHeader("x-nextjs-cache", "STALE");
        response.end(PAGE);
      },
      "/missing": (_request, response) => {
        response.statusCode = 404;
        response.setHeader("x-nextjs-cache", "HIT");
        response.end(PAGE);
      },
      "/referral": (_request, response) => {
        response.setHeader("x-nextjs-cache", "HIT");
        response.setHeader("set-cookie", "referral=FRIEND; Path=/");
        response.end(PAGE);
      },
    };
    const shop = await serve((request, response) => answers[request.url ?? ""]?.(request, response));
    for (const path of Object.keys(answers)) {
      await get(`${shop.url}${path}`, { "accept-encoding": "gzip" });
      await get(`${shop.url}${path}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shop.front.size).toBe(0);
    expect(shop.nextCalls()).toBe(8);
  });

  it("forgets everything when Next's cache expires anything, and keeps no answer that began before", async () => {
    let release: () => void = () => undefined;
    let hold = false;
    const shop = await serve(async (request, response) => {
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      cachedPage(request, response);
    });
    await get(`${shop.url}/mart/detail/LW-RO600`);
    await untilHeld(shop.front);
    shop.front.expire();
    expect(shop.front.size).toBe(0);

    // Next has read its cache, then a price changes before the answer is sent: that answer is not kept.
    hold = true;
    const pending = get(`${shop.url}/mart/detail/LW-RO600`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    shop.front.expire();
    release();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shop.front.size).toBe(0);
    expect(shop.nextCalls()).toBe(2);

    // An expiry while the sent page is being compressed for the front: not kept either.
    hold = false;
    const expiring = await serve((request, response) => {
      response.once("finish", () => expiring.front.expire());
      cachedPage(request, response);
    });
    await get(`${expiring.url}/mart/detail/LW-RO600`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(expiring.front.size).toBe(0);
  });

  it("keeps nothing longer than MAX_AGE_MS", async () => {
    let now = 1_000_000;
    const shop = await serve(cachedPage, { now: () => now });
    await get(`${shop.url}/about/contactus`);
    await untilHeld(shop.front);
    now += MAX_AGE_MS - 1;
    await get(`${shop.url}/about/contactus`);
    expect(shop.nextCalls()).toBe(1);
    now += 1;
    await get(`${shop.url}/about/contactus`);
    expect(shop.nextCalls()).toBe(2);
  });

  it("does nothing until the cache says it is the process's own and the app names its session cookie", async () => {
    for (const options of [{ local: false }, { configured: false }]) {
      const shop = await serve(cachedPage, options);
      await get(`${shop.url}/about/contactus`);
      await get(`${shop.url}/about/contactus`);
      expect(shop.front.size).toBe(0);
      expect(shop.nextCalls()).toBe(2);
    }
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0 and the wildcard", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip;q=0.8, br;q=0")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
  });
});
