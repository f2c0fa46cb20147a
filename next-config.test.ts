// @vitest-environment node
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { IncomingMessage } from "node:http";
import { getRedirectUrl, unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import { matchHas, prepareDestination } from "next/dist/shared/lib/router/utils/prepare-destination";
import { searchParamsToUrlQuery } from "next/dist/shared/lib/router/utils/querystring";
import { config as middlewareConfig } from "./middleware";
import nextConfig from "./next.config";
import { API_CONTENT_SECURITY_POLICY, FILE_CONTENT_SECURITY_POLICY } from "./lib/config/security-headers";

const answer = (url: string) => unstable_getResponseFromNextConfig({ url: `http://localhost:3000${url}`, nextConfig });

describe("next.config.ts redirects", () => {
  it.each([
    ["/about/faq/", "/about/faq"],
    ["/mart/detail/LW-RO600/", "/mart/detail/LW-RO600"],
    ["/mart/?sort=price_asc&c=AB", "/mart?sort=price_asc&c=AB"],
    ["/account/user/", "/account/user"],
  ])("sends the page address %s to %s, once and for good (308)", async (from, to) => {
    const response = await answer(from);
    expect(response.status).toBe(308);
    expect(getRedirectUrl(response)).toBe(`http://localhost:3000${to}`);
  });

  it.each(["/", "/about/faq", "/api/v1/c/order/cart/add/", "/api/v1/c/order/cart/list/", "/_next/static/chunks/"])(
    "leaves %s where it is",
    async (url) => {
      const response = await answer(url);
      expect(getRedirectUrl(response)).toBeNull();
    },
  );
});

// A browser enforces every policy an answer carries: a page's comes from the middleware (a nonce) or
// from the cache (its scripts' hashes), never from here as well.
describe("next.config.ts Content-Security-Policy", () => {
  const policyOf = async (url: string) => (await answer(url)).headers.get("content-security-policy");

  it.each(["/api/v1/c/user/profile", "/api/v1/admin/orders/list", "/api/health", "/api/v1/c/data.json"])(
    "gives the API answer %s the policy that runs nothing",
    async (url) => {
      expect(await policyOf(url)).toBe(API_CONTENT_SECURITY_POLICY);
    },
  );

  it.each([
    "/_next/static/chunks/main-app.js",
    "/_next/static/media/inter.woff2",
    "/icon.svg",
    "/maps/us-states.svg",
    "/robots.txt",
    "/sitemap.xml",
    "/images/ro600.webp",
    "/geo/us-states-10m.json",
  ])("gives the file %s the policy that runs nothing", async (url) => {
    expect(await policyOf(url)).toBe(FILE_CONTENT_SECURITY_POLICY);
  });

  it.each([
    "/",
    "/mart",
    "/mart?c=AB",
    "/mart/detail/LW-RO600",
    "/about/contactus",
    "/about/faq",
    "/deals/x",
    "/account/user",
    "/account/login",
    "/admin/orders/1",
    "/nope",
  ])("gives the page %s none", async (url) => {
    expect(await policyOf(url)).toBeNull();
  });

  it("keeps nosniff and the other fixed headers on every answer", async () => {
    for (const url of ["/", "/api/health", "/icon.svg"]) expect((await answer(url)).headers.get("x-content-type-options")).toBe("nosniff");
  });
});

// /search without a session goes to its page in the cache by these rewrites where it can, and by the
// middleware otherwise (lib/config/search-cache.ts, docs/decisions/0050): every /search request is
// one or the other, and the plain ones skip the middleware.
describe("/search: the cached page by rewrite, or the middleware", () => {
  // Next's own matching of a rewrite's conditions and its destination, as its server runs them
  // (unstable_getResponseFromNextConfig leaves out the values a condition captures).
  const rewrittenTo = async (url: string, cookies: Record<string, string> = {}): Promise<string | null> => {
    const { pathname, searchParams } = new URL(url, "http://localhost:3000");
    const query = searchParamsToUrlQuery(searchParams);
    const request = {
      headers: {
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join("; "),
      },
    } as IncomingMessage;
    const rewrites = await nextConfig.rewrites?.();
    const rules = Array.isArray(rewrites) ? rewrites : (rewrites?.beforeFiles ?? []);
    for (const rule of rules) {
      if (rule.source !== pathname) continue;
      const params = matchHas(request, query, rule.has, rule.missing);
      if (params) return prepareDestination({ appendParamsToQuery: false, destination: rule.destination, params, query }).newUrl;
    }
    return null;
  };
  const middlewareRuns = (url: string, cookies?: Record<string, string>) =>
    unstable_doesMiddlewareMatch({ config: middlewareConfig, url, cookies });

  it.each([
    ["/search?q=replacement+filter", "/search/for/replacement%20filter/any/1"],
    ["/search?q=filter&group=answers&page=3", "/search/for/filter/answers/3"],
    ["/search?q=filter&group=products", "/search/for/filter/products/1"],
    ["/search?q=filter&page=3", "/search/for/filter/any/1"],
    ["/search?q=caf%C3%A9+o'brien", "/search/for/caf%C3%A9%20o'brien/any/1"],
  ])("rewrites %s to %s, without the middleware", async (url, cached) => {
    expect(new URL((await rewrittenTo(url)) ?? "none:", "http://localhost:3000").pathname).toBe(cached);
    expect(middlewareRuns(url)).toBe(false);
  });

  it.each([
    "/search",
    "/search?q=",
    "/search?q=a%2Fb",
    "/search?q=..",
    "/search?q=50%25",
    "/search?q=filter&pageSize=5",
    "/search?q=filter&group=secrets",
    "/search?q=filter&group=products&page=0",
    "/search?q=filter&page=two",
  ])("leaves %s to the middleware", async (url) => {
    expect(await rewrittenTo(url)).toBeNull();
    expect(middlewareRuns(url)).toBe(true);
  });

  it("leaves a visitor with a session to the middleware", async () => {
    expect(await rewrittenTo("/search?q=filter", { Token: "t" })).toBeNull();
    expect(middlewareRuns("/search?q=filter", { Token: "t" })).toBe(true);
  });

  it("gives every /search request one way or the other, whatever its query", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 110 }),
        fc.constantFrom(undefined, "", "products", "answers", "orders", "purifiers", "nope"),
        fc.constantFrom(undefined, "", "1", "2", "9999", "10000", "0", "x"),
        fc.boolean(),
        fc.boolean(),
        async (q, group, page, pageSize, signedIn) => {
          const params = new URLSearchParams({ q });
          if (group !== undefined) params.set("group", group);
          if (page !== undefined) params.set("page", page);
          if (pageSize) params.set("pageSize", "5");
          const url = `/search?${params.toString()}`;
          const cookies = signedIn ? { Token: "t" } : undefined;
          const rewritten = await rewrittenTo(url, cookies);
          const runs = middlewareRuns(url, cookies);
          expect(rewritten !== null || runs, url).toBe(true);
          expect(rewritten !== null && runs, url).toBe(false);
          if (rewritten !== null)
            expect(decodeURIComponent(new URL(rewritten, "http://localhost:3000").pathname.split("/")[3] ?? "")).toBe(q);
        },
      ),
      { numRuns: 300 },
    );
  });
});
